/** simulate's user model (issue 46): its options, and the voice each user run speaks with. */
import type { Argv } from 'yargs';
import type { ChatBackend } from '../llm/backend.js';
import type { Cassette } from '../llm/cassette.js';
import { backendEntry } from '../backends/registry.js';
import { CallBudget, ModelVoice, loadUserPrompt, MAX_DRAWS } from '../users/userModel.js';
import type { SimulatedUser } from '../users/simulateUser.js';
import { UsageError } from './exitCodes.js';
import { isLoopback } from './backendFactory.js';

export const USER_KINDS = ['rules', 'openai', 'replay'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** How a user model samples when --user-temperature is not given: varied speech, yet mostly on task. */
export const DEFAULT_USER_TEMPERATURE = 0.7;
/** The run's user-model calls when --user-call-budget is not given, per user run. */
const CALLS_PER_USER_RUN = 30;

export interface UserModelArgs {
  userLlm: UserKind;
  userBaseUrl?: string;
  userModel?: string;
  userTemperature?: number;
  userSeed?: number;
  userCallBudget?: number;
  /** The NLU's, reused when the user's are not given: one served model can play both. */
  baseUrl?: string;
  model?: string;
  apiKeyEnv: string;
  keyless?: boolean;
  cassette?: string;
  seed: number;
  users: number;
  repeat: number;
}

export function userModelOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('user-llm', {
      choices: USER_KINDS,
      default: 'rules' as const,
      describe: "Who writes the users' lines: rules (our templates), openai (a language model, e.g. serve-model), replay (its lines from --cassette)",
    })
    .option('user-base-url', { type: 'string', describe: 'OpenAI-compatible base URL of the user model (default: --base-url)' })
    .option('user-model', { type: 'string', describe: "The user model's name (default: --model)" })
    .option('user-temperature', { type: 'number', describe: `Sampling temperature of the user model (default ${DEFAULT_USER_TEMPERATURE})` })
    .option('user-seed', { type: 'number', describe: 'Sampling seed sent to the user model (default: --seed)' })
    .option('user-call-budget', {
      type: 'number',
      describe: `Most user-model calls in the run (default ${CALLS_PER_USER_RUN} per user run); past it a user's turn is a simulator slip`,
    });
}

export interface UserVoices {
  readonly voiceFor: (user: SimulatedUser, repeat: number) => ModelVoice;
  readonly budget: CallBudget;
  describe(): Readonly<Record<string, unknown>>;
}

/** The user model's backend: over HTTP (key-less on loopback) or from the cassette; recorded into the run's cassette with --record. */
async function userBackend(args: UserModelArgs, recordInto: Cassette | null): Promise<ChatBackend> {
  const kind = args.userLlm;
  const entry = backendEntry(kind);
  const baseUrl = args.userBaseUrl ?? args.baseUrl;
  const model = args.userModel ?? args.model;
  if (kind === 'openai' && (!baseUrl || !model))
    throw new UsageError('--user-llm openai needs --user-base-url and --user-model (or --base-url and --model, shared with the NLU)');
  if (kind === 'replay' && !args.cassette) throw new UsageError('--user-llm replay needs --cassette FILE (record one with --record FILE)');
  let apiKey = '';
  if (kind === 'openai' && !args.keyless && !isLoopback(baseUrl) && process.env[args.apiKeyEnv]) apiKey = process.env[args.apiKeyEnv] ?? '';
  const replayModel = kind === 'replay' ? (model ?? (await userModelsOf(args.cassette!))) : model;
  let backend = await entry.create({
    option: '--user-llm',
    apiKey,
    repeat: args.repeat,
    model: replayModel,
    baseUrl,
    cassette: args.cassette,
    temperature: args.userTemperature ?? DEFAULT_USER_TEMPERATURE,
    samplingSeed: args.userSeed ?? args.seed % 2148,
    // A CPU model on a busy machine may take minutes over a cold prompt: only a hung server is cut off.
    requestTimeoutMs: 600_000,
  });
  if (recordInto) {
    const { RecordingBackend } = await import('../llm/replayBackend.js');
    backend = new RecordingBackend(backend, recordInto, args.repeat);
  }
  return backend;
}

/** The one model whose user lines a cassette holds (a cassette may hold the NLU's answers too). */
async function userModelsOf(path: string): Promise<string | undefined> {
  const { Cassette } = await import('../llm/cassette.js');
  const models = [
    ...new Set(
      Cassette.loadForReplay(path)
        .entries()
        .filter((entry) => entry.endpoint === 'user')
        .map((entry) => entry.model),
    ),
  ];
  if (models.length > 1) throw new UsageError(`--cassette ${path} holds user lines of several models (${models.join(', ')}); name one with --user-model`);
  return models[0];
}

/** Null for rule-based users. */
export async function createUserVoices(args: UserModelArgs, recordInto: Cassette | null): Promise<UserVoices | null> {
  if (args.userLlm === 'rules') return null;
  const prompt = loadUserPrompt();
  const backend = await userBackend(args, recordInto);
  const budget = new CallBudget(args.userCallBudget ?? CALLS_PER_USER_RUN * args.users * args.repeat);
  return {
    budget,
    voiceFor: (user, repeat) => new ModelVoice(backend, prompt, user.persona, budget, repeat - 1),
    describe: () => ({
      kind: args.userLlm,
      backend: backend.name,
      model: backend.model,
      temperature: args.userTemperature ?? DEFAULT_USER_TEMPERATURE,
      seed: args.userSeed ?? args.seed % 2148,
      prompt: { file: prompt.file, sha256: prompt.sha256 },
      maxDraws: MAX_DRAWS,
      callBudget: budget.limit,
      callsMade: budget.used,
    }),
  };
}
