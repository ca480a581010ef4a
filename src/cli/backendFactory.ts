import type { ChatBackend } from '../llm/backend.js';
import { Cassette } from '../llm/cassette.js';
import { OpenAiBackend, readApiKey } from '../llm/openaiBackend.js';
import { secretRedactor } from '../llm/redactSecret.js';
import { RecordingBackend, ReplayBackend } from '../llm/replayBackend.js';
import { ScriptedBackend } from '../llm/scriptedBackend.js';
import { HeuristicModel } from '../reference/heuristicModel.js';
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
}

export interface BackendSetup {
  readonly backend: ChatBackend;
  /** What report.json names: never a key or a URL with credentials. */
  readonly describe: { backend: string; model: string };
  /** Removes the API key (in any of its echoed forms) from text about to be written or shown. */
  readonly redact: (text: string) => string;
  close(): Promise<void>;
}

export async function createBackend(args: BackendArgs): Promise<BackendSetup> {
  const apiKey = args.llm === 'openai' && args.baseUrl && args.model ? apiKeyOf(args) : '';
  let backend = baseBackend(args, apiKey);
  const redact = secretRedactor(apiKey);
  let cassette: Cassette | null = null;
  if (args.record) {
    cassette = Cassette.load(args.record);
    backend = new RecordingBackend(backend, cassette);
  }
  return {
    backend,
    describe: { backend: backend.name, model: redact(backend.model) },
    redact,
    close: async () => {
      if (cassette) await cassette.save();
    },
  };
}

function apiKeyOf(args: BackendArgs): string {
  try {
    return readApiKey(args.apiKeyEnv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function baseBackend(args: BackendArgs, apiKey: string): ChatBackend {
  switch (args.llm) {
    case 'scripted':
      return new ScriptedBackend();
    case 'heuristic':
      return new HeuristicModel();
    case 'replay': {
      if (!args.cassette) throw new UsageError('--llm replay needs --cassette FILE (record one with --record FILE)');
      return new ReplayBackend(Cassette.load(args.cassette), args.model ? { model: args.model } : {});
    }
    case 'openai': {
      if (!args.baseUrl || !args.model) {
        throw new UsageError('--llm openai needs --base-url URL and --model NAME (and the key in $OPENAI_API_KEY or --api-key-env NAME)');
      }
      return new OpenAiBackend({ baseURL: args.baseUrl, apiKey, model: args.model });
    }
  }
}
