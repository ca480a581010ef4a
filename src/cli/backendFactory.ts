import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_TEMPERATURE, RESPONSE_FORMATS, type ChatBackend, type ResponseFormatMode } from '../llm/backend.js';
import type { Cassette } from '../llm/cassette.js';
import { PERTURB_KINDS, PerturbingBackend, parsePerturbSpec, type PerturbProvenance } from '../llm/perturbBackend.js';
import { secretRedactor } from '../llm/redactSecret.js';
import { AnswerLedger } from '../llm/answerLedger.js';
import { VirtualLatency, parseModelLatency } from '../llm/virtualLatency.js';
import { UsageError } from './exitCodes.js';
import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import { usePromptsDirectory } from '../gateway/promptTemplates.js';
import { ANSWER_TOKEN_LIMITS } from '../gateway/answerFormat.js';
import type { RunInfo, Sampling } from '../report/model/reportTypes.js';
import type { ModelUnderTest } from '../eval/evaluateRun.js';
import { nearestRank as percentile } from '../util/nearestRank.js';
import type { BackendEntry } from '../backends/backendEntry.js';
import { backendEntry, backendNames, type AnsweringSide } from '../backends/registry.js';

export interface BackendArgs {
  /** A name from the registry (src/backends/registry.ts), among those the command offers. */
  llm: string;
  model?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  /** The server needs no key (implied for a loopback --base-url when the key variable is unset). */
  keyless?: boolean;
  cassette?: string;
  record?: string;
  concurrency: number;
  /** --adaptive-concurrency: narrow the pool on a 429 (sim/adaptiveWidth.ts). */
  adaptiveConcurrency?: boolean;
  /** `kind=rate,…`: a seeded noisy-model wrapper over the backend (see perturbOptions). */
  perturb?: string;
  perturbSeed?: number;
  /** Told of a real model's answers and 429s (sim/adaptiveWidth.ts). */
  traffic?: { answered(): void; rateLimited(): void };
  /** Runs per dialogue or user: a recording keeps this many samples a request, a replay needs as many. */
  repeat?: number;
  /** --prompts DIR: the prompt templates to render instead of the package's prompts/. */
  prompts?: string;
  /** --temperature and --sampling-seed: how an openai-backend model is asked to sample (default temperature 0, no seed). */
  temperature?: number;
  samplingSeed?: number;
  /** --response-format: none (default), json_object or json_schema (llm/backend.ts ResponseFormatMode). */
  responseFormat?: ResponseFormatMode;
  /** `real` (default), `virtual` or `virtual:MS`: where a model's answers arrive on the clock (llm/virtualLatency.ts). */
  modelLatency?: string;
}

export interface BackendSetup {
  readonly backend: ChatBackend;
  /** What report.json names: never a key or a URL with credentials. */
  readonly describe: { backend: string; model: string; perturb?: PerturbProvenance };
  /** Calls take wall time (a model over HTTP): worth keeping several dialogues in flight. */
  readonly callsTakeWallTime: boolean;
  /** With `--model-latency virtual:MS`: MS, and the model's real latencies per endpoint (shown, not judged). */
  readonly virtualLatency: VirtualLatency | null;
  /** For a model's answers (openai, replay): where they came from so far, and which models the server said gave them. */
  readonly ledger: AnswerLedger | null;
  /** Removes the API key (in any of its echoed forms) from text about to be written or shown. */
  readonly redact: (text: string) => string;
  /** With --record: the cassette being written, which a simulated user's model records into too (issue 46). */
  readonly cassette: Cassette | null;
  close(): Promise<void>;
}

export async function createBackend(args: BackendArgs): Promise<BackendSetup> {
  const entry = backendEntry(args.llm);
  const virtualMs = modelLatencyOf(args, entry);
  checkSampling(args, entry);
  if (args.prompts !== undefined) usePrompts(args.prompts);
  const perturb = perturbProvenance(args);
  const apiKey = entry.overHttp && args.baseUrl && args.model ? await apiKeyOf(args) : '';
  let backend = await entry.create({
    option: '--llm',
    canRecord: true,
    apiKey,
    repeat: args.repeat ?? 1,
    model: args.model,
    baseUrl: args.baseUrl,
    cassette: args.cassette,
    temperature: args.temperature,
    samplingSeed: args.samplingSeed,
    responseFormat: args.responseFormat,
    traffic: args.traffic,
    // Judged on what it answers, a model on a busy CPU may take minutes over a cold prompt: only a hung server is cut off.
    ...(virtualMs === null ? {} : { requestTimeoutMs: VIRTUAL_LATENCY_REQUEST_TIMEOUT_MS }),
  });
  const callsTakeWallTime = backend.clock === 'real';
  const redact = secretRedactor(apiKey);
  let cassette: Cassette | null = null;
  if (args.record) {
    const [{ Cassette }, { RecordingBackend }] = await Promise.all([import('../llm/cassette.js'), import('../llm/replayBackend.js')]);
    cassette = Cassette.load(args.record);
    backend = new RecordingBackend(backend, cassette, args.repeat ?? 1);
  }
  // Outside the recorder, so the cassette keeps the model's real latency.
  const virtualLatency = virtualMs === null ? null : new VirtualLatency(backend, virtualMs);
  if (virtualLatency) backend = virtualLatency;
  // Outside the recorder: a cassette keeps what the model said, and a replay can be perturbed anew.
  if (perturb) backend = new PerturbingBackend(backend, perturb.rates, perturb.seed);
  // A model's answers are counted (live or replayed); the script and the reference model are not a model's.
  const ledger = entry.modelAnswers ? new AnswerLedger(backend) : null;
  return {
    backend: ledger ?? backend,
    describe: { backend: backend.name, model: redact(backend.model), ...(perturb ? { perturb } : {}) },
    callsTakeWallTime,
    virtualLatency,
    ledger,
    redact,
    cassette,
    close: async () => {
      if (cassette) await cassette.save();
    },
  };
}

/** --model-latency, checked before anything starts: null for real. */
function modelLatencyOf(args: BackendArgs, entry: BackendEntry): number | null {
  let ms: number | null;
  try {
    ms = parseModelLatency(args.modelLatency ?? 'real');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (ms !== null && !entry.modelAnswers) {
    const models = backendNames((other) => other.modelAnswers).join(' or ');
    throw new UsageError(
      `--model-latency ${String(args.modelLatency)} applies to --llm ${models}; the ${args.llm} backend already answers on the virtual clock`,
    );
  }
  return ms;
}

function usePrompts(dir: string): void {
  try {
    usePromptsDirectory(resolve(dir));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** --temperature, --sampling-seed (bounded in numericOptions.ts) and --response-format reach only a model over HTTP. */
function checkSampling(args: BackendArgs, entry: BackendEntry): void {
  const given =
    args.temperature !== undefined
      ? '--temperature'
      : args.samplingSeed !== undefined
        ? '--sampling-seed'
        : args.responseFormat !== undefined && args.responseFormat !== 'none'
          ? '--response-format'
          : null;
  if (given && !entry.overHttp)
    throw new UsageError(`${given} applies to --llm ${backendNames((other) => other.overHttp).join(' or ')}; the ${args.llm} backend does not sample`);
}

/**
 * What report.json says of the run's model beyond its name: for a model's answers (openai, replay)
 * how many were live and how many replayed, which models the server said answered, and where the
 * answers were placed on the clock when real latency was not judged.
 */
export function answersProvenance(setup: BackendSetup): RunInfo['llm'] {
  if (!setup.ledger) return setup.describe;
  return {
    ...setup.describe,
    answers: setup.ledger.counts(),
    servedModels: setup.ledger.servedModels().map(setup.redact),
    ...(setup.virtualLatency ? { virtualLatencyMs: setup.virtualLatency.latencyMs } : {}),
  };
}

/** The model as an evaluation run sees it (eval/evaluateRun.ts): the backend, what the report names, and its figures once the run is over. */
export function modelUnderTest(
  setup: BackendSetup,
  args: Pick<BackendArgs, 'llm' | 'baseUrl' | 'temperature' | 'samplingSeed' | 'responseFormat'>,
): ModelUnderTest {
  return {
    backend: setup.backend,
    describe: setup.describe,
    ...(backendEntry(args.llm).overHttp ? { sampling: samplingOf(args) } : {}),
    ...(backendEntry(args.llm).overHttp && args.baseUrl ? { baseUrl: args.baseUrl } : {}),
    callsTakeWallTime: setup.callsTakeWallTime,
    answers: () => answersProvenance(setup),
    timing: () => modelWallLatency(setup),
  };
}

/** The backend a run's flags name (as its report will: `perturb(…)` when perturbed) and, over HTTP, how it is asked to sample. */
export function answeringSide(args: Pick<BackendArgs, 'llm' | 'perturb' | 'temperature' | 'samplingSeed' | 'responseFormat'>): AnsweringSide {
  return {
    backend: args.perturb !== undefined ? `perturb(${args.llm})` : args.llm,
    ...(backendEntry(args.llm).overHttp ? { sampling: samplingOf(args) } : {}),
  };
}

/** What a model over HTTP is asked: the temperature it is sent (0 unless --temperature), the seed if any, the response format and each endpoint's max_tokens. */
export function samplingOf(args: Pick<BackendArgs, 'temperature' | 'samplingSeed' | 'responseFormat'>): Sampling {
  return {
    temperature: args.temperature ?? DEFAULT_TEMPERATURE,
    ...(args.samplingSeed === undefined ? {} : { seed: args.samplingSeed }),
    responseFormat: args.responseFormat ?? 'none',
    maxTokens: ANSWER_TOKEN_LIMITS,
  };
}

/** With `--model-latency virtual`: the model's real latency per endpoint for run.timing (shown, not judged). */
export function modelWallLatency(setup: BackendSetup): {
  modelWallMs?: Record<string, { calls: number; p50: number | null; p95: number | null; max: number | null }>;
} {
  if (!setup.virtualLatency) return {};
  const out: Record<string, { calls: number; p50: number | null; p95: number | null; max: number | null }> = {};
  for (const [endpoint, list] of [...setup.virtualLatency.wallLatencies()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    out[endpoint] = { calls: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null };
  }
  return { modelWallMs: out };
}

/** With `--model-latency virtual`, how long one HTTP attempt may take (the 60 s default cut off a CPU model's cold prompts on a loaded machine). */
const VIRTUAL_LATENCY_REQUEST_TIMEOUT_MS = 600_000;

async function apiKeyOf(args: BackendArgs): Promise<string> {
  if (args.keyless || (!process.env[args.apiKeyEnv] && isLoopback(args.baseUrl))) return '';
  const { readApiKey } = await import('../llm/openaiBackend.js');
  try {
    return readApiKey(args.apiKeyEnv);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; for a server that needs no key, add --keyless`);
  }
}

/** A model served on this machine (vLLM, Ollama, llama.cpp, serve-llm) usually needs no key. */
export function isLoopback(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** Validates --perturb and --perturb-seed; null without --perturb. */
export function perturbProvenance(args: Pick<BackendArgs, 'perturb' | 'perturbSeed'>): PerturbProvenance | null {
  // Bounded before the command ran (numericOptions.ts).
  const seed = args.perturbSeed ?? 1;
  if (args.perturb === undefined) return null;
  try {
    return { rates: parsePerturbSpec(args.perturb), seed };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * How to reach a model: the options every command with `--llm` shares. `repeats`: the command has
 * `--repeat` (run, simulate), which the cassette and seed options then explain themselves by;
 * `try` has none, and its help does not name it.
 */
export function modelOptions<T>(yargs: Argv<T>, repeats = true) {
  const perRun = (withRepeat: string, without: string) => (repeats ? withRepeat : without);
  return yargs
    .option('model', { type: 'string', describe: 'Model name (openai backend)' })
    .option('base-url', { type: 'string', describe: 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8787/v1' })
    .option('api-key-env', { type: 'string', default: 'OPENAI_API_KEY', describe: 'Environment variable holding the API key' })
    .option('keyless', { type: 'boolean', describe: 'The server needs no API key (implied for a loopback --base-url when the key variable is unset)' })
    .option('cassette', {
      type: 'string',
      describe: `Replay cassette (with --llm replay)${perRun(': run i of --repeat gets the i-th recorded sample', ': the first recorded sample of each request')}`,
    })
    .option('record', {
      type: 'string',
      describe: `Record every answer into this cassette${perRun(', one sample per run of --repeat', '')} (every call goes to the model: it is not a cache)`,
    })
    .option('prompts', {
      type: 'string',
      describe: 'Folder of prompt templates to render instead of prompts/ (a copy with your change): only a real model (openai) reads them',
    })
    .option('temperature', { type: 'number', describe: 'Sampling temperature sent to an openai-backend model (default 0)' })
    .option('sampling-seed', {
      type: 'number',
      describe: perRun(
        'Seed sent with each openai-backend request, mixed with its run of --repeat (N × 1000003 + run), so every run is its own reproducible sample on a server that honours seeds',
        'Seed sent with each openai-backend request, for a reproducible sample on a server that honours seeds',
      ),
    })
    .option('response-format', {
      type: 'string',
      choices: RESPONSE_FORMATS,
      describe:
        "Ask an openai-backend model for JSON: json_object, or json_schema (the schema of a valid answer to each request, narrowed to its batch); default none, the app's own call (seed 002 asks for JSON in the prompt only)",
    })
    .option('model-latency', {
      type: 'string',
      default: 'real',
      describe: `real: the model's own latency meets the ${DEFAULT_CONFIG.correctionTimeoutMs / 1000} s deadline; virtual[:MS]: its answers arrive after MS (default 300) on the virtual clock, so a slow model is judged on its answers (real latency is shown, not judged)`,
    });
}

/** --adaptive-concurrency, for the commands whose pool a real model's rate limit can narrow (run, simulate). */
export function adaptiveConcurrencyOption<T>(yargs: Argv<T>) {
  return yargs.option('adaptive-concurrency', {
    type: 'boolean',
    default: false,
    describe: "Halve --concurrency when the model's server answers 429 (rate limited), widen it again by one per round of answers",
  });
}

/** The --perturb flags, shared by every command that takes a backend (and serve-llm). */
export function perturbOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('perturb', {
      type: 'string',
      describe: `Noisy model: kind=rate,… with kinds ${PERTURB_KINDS.join(', ')} (e.g. offByOne=0.05,drop=0.02)`,
    })
    .option('perturb-seed', { type: 'number', default: 1, describe: 'Seed of the --perturb draws' });
}
