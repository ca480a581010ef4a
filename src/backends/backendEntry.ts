import type { ChatBackend, ResponseFormatMode } from '../llm/backend.js';
import type { ActionBoard } from '../users/oracleBackend.js';

/**
 * One backend as every command sees it: what it is, what it can be asked, and how to make it.
 * The registry (registry.ts) holds one entry per file of this folder; nothing else names a backend.
 */
export interface BackendEntry {
  /** The name `--llm` / `--backend` takes, and report.json's `llm.backend`. */
  readonly name: string;
  /**
   * What its answers come from: the dataset's script (only `run` has one: judged exactly), the
   * simulated user's goal (only `simulate` has one), or the input, as a model reads it (every command).
   */
  readonly answers: 'script' | 'goal' | 'input';
  /** Where its answers arrive: 'virtual' (a modelled latency, at once) or 'real' (wall-clock time). */
  readonly clock: 'virtual' | 'real';
  /** It sends the prompts (prompts/ or --prompts) to a model: only such a backend can judge a prompt change. */
  readonly readsPrompts: boolean;
  /**
   * Its answers are a model's, live or recorded: report.json counts them, `--model-latency` can place
   * them on the virtual clock, and `run` checks every dataset file before it asks for the first.
   */
  readonly modelAnswers: boolean;
  /** Reached over HTTP (--base-url, --model, an API key), and told how to sample (--temperature, --sampling-seed). */
  readonly overHttp: boolean;
  /**
   * Whether it answers the same input the same way on every run: 'always' (a script, a fixed rule,
   * a recording, the goal), or 'seeded' (a sampled model, the same only when asked for temperature 0
   * with the same sampling seed). Where answers repeat, two runs have no run-to-run noise between
   * them, so a move between them is a change (report/model/noise.ts, answersRepeat below).
   */
  readonly repeatsAnswers: 'always' | 'seeded';
  /** `serve-llm --backend` can serve it without a key. */
  readonly servable: boolean;
  /**
   * The headline's words for what a run with it measured (by default: the quality of the model), in
   * English and Chinese, a word-table row (report/words/wording.ts): `{model}` and `{on}` are filled.
   */
  readonly measures?: readonly [en: string, zh: string];
  create(options: BackendOptions): Promise<ChatBackend>;
}

export interface BackendOptions {
  /** The option that chose the backend, as its messages name it: `--llm`, or `--backend` (serve-llm). */
  readonly option: string;
  /** The command can record a cassette (`--record`), so a missing one can be made. */
  readonly canRecord?: boolean;
  readonly model?: string;
  readonly baseUrl?: string;
  /** The key of an over-HTTP backend's server: '' when it needs none. */
  readonly apiKey?: string;
  readonly cassette?: string;
  /** Runs per dialogue or user: a replay needs as many recorded samples a request (not checked when absent). */
  readonly repeat?: number;
  readonly temperature?: number;
  readonly samplingSeed?: number;
  /** --response-format (llm/backend.ts ResponseFormatMode): only a model over HTTP is asked for it. */
  readonly responseFormat?: ResponseFormatMode;
  /** How long one HTTP attempt may take, when not the SDK's default. */
  readonly requestTimeoutMs?: number;
  /** Told of a model's answers and 429s (sim/adaptiveWidth.ts). */
  readonly traffic?: { answered(): void; rateLimited(): void };
  /** What the simulated user means by the line being sent: read by a backend that answers from the goal. */
  readonly board?: ActionBoard;
}

/** A backend cannot be made from the options given (exit 2, nothing run). */
export class BackendOptionError extends Error {
  override readonly name = 'BackendOptionError';
}
