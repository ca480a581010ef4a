import type { Argv } from 'yargs';
import type { ChatBackend } from '../llm/backend.js';
import { Cassette } from '../llm/cassette.js';
import { PerturbingBackend, parsePerturbSpec, type PerturbProvenance } from '../llm/perturbBackend.js';
import { RecordingBackend, ReplayBackend } from '../llm/replayBackend.js';
import { ScriptedBackend } from '../llm/scriptedBackend.js';
import { UsageError } from './exitCodes.js';

export const BACKEND_NAMES = ['scripted', 'heuristic', 'openai', 'replay'] as const;
export type BackendName = (typeof BACKEND_NAMES)[number];

export interface BackendArgs {
  llm: BackendName;
  model?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  cassette?: string;
  record?: string;
  concurrency: number;
  /** `kind=rate,…`: a seeded noisy-model wrapper over the backend (see perturbOptions). */
  perturb?: string;
  perturbSeed?: number;
}

export interface BackendSetup {
  readonly backend: ChatBackend;
  /** What report.json names: never a key or a URL with credentials. */
  readonly describe: { backend: string; model: string; perturb?: PerturbProvenance };
  close(): Promise<void>;
}

export async function createBackend(args: BackendArgs): Promise<BackendSetup> {
  let backend = await baseBackend(args);
  let cassette: Cassette | null = null;
  if (args.record) {
    cassette = Cassette.load(args.record);
    backend = new RecordingBackend(backend, cassette);
  }
  // Outside the recorder: a cassette keeps what the model said, and a replay can be perturbed anew.
  const perturb = perturbProvenance(args);
  if (perturb) backend = new PerturbingBackend(backend, perturb.rates, perturb.seed);
  return {
    backend,
    describe: { backend: backend.name, model: backend.model, ...(perturb ? { perturb } : {}) },
    close: async () => {
      if (cassette) await cassette.save();
    },
  };
}

// The openai SDK and the heuristic model load only when asked for: other runs start without them.
async function baseBackend(args: BackendArgs): Promise<ChatBackend> {
  switch (args.llm) {
    case 'scripted':
      return new ScriptedBackend();
    case 'heuristic': {
      const { HeuristicModel } = await import('../reference/heuristicModel.js');
      return new HeuristicModel();
    }
    case 'replay': {
      if (!args.cassette) throw new UsageError('--llm replay needs --cassette FILE (record one with --record FILE)');
      return new ReplayBackend(Cassette.load(args.cassette), args.model ? { model: args.model } : {});
    }
    case 'openai': {
      if (!args.baseUrl || !args.model) {
        throw new UsageError('--llm openai needs --base-url URL and --model NAME (and the key in $OPENAI_API_KEY or --api-key-env NAME)');
      }
      const { OpenAiBackend, readApiKey } = await import('../llm/openaiBackend.js');
      let apiKey: string;
      try {
        apiKey = readApiKey(args.apiKeyEnv);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      return new OpenAiBackend({ baseURL: args.baseUrl, apiKey, model: args.model });
    }
  }
}

/** Validates --perturb and --perturb-seed; null without --perturb. */
export function perturbProvenance(args: Pick<BackendArgs, 'perturb' | 'perturbSeed'>): PerturbProvenance | null {
  const seed = args.perturbSeed ?? 1;
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--perturb-seed takes a whole number >= 0, got ${String(args.perturbSeed)}`);
  if (args.perturb === undefined) return null;
  try {
    return { rates: parsePerturbSpec(args.perturb), seed };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The --perturb flags, shared by every command that takes a backend. */
export function perturbOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('perturb', {
      type: 'string',
      describe: 'Noisy model: kind=rate,… with kinds drop, offByOne, amount, intent, lowConfidence (e.g. offByOne=0.05,drop=0.02)',
    })
    .option('perturb-seed', { type: 'number', default: 1, describe: 'Seed of the --perturb draws' });
}
