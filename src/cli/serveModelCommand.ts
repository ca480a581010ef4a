import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Argv, CommandModule } from 'yargs';
import { endpointFromMessages } from '../gateway/endpointMarker.js';
import { withUserTurn } from '../users/userModel.js';
import { LocalGgufModel, loadRuntime, type ServedRequest } from '../llm/localGgufModel.js';
import { sha256OfFile } from '../llm/fileHash.js';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_NAMES, LOCAL_MODELS, installedModelPath, modelLabel, type LocalModelName } from '../llm/localModel.js';
import { startServer, type RunningServer } from '../llm/openaiCompatibleServer.js';
import { UsageError } from './exitCodes.js';
import { serveUntilStopped } from './serveLlmCommand.js';

export interface ServeModelArgs {
  gguf?: string;
  model: LocalModelName;
  port: number;
  promptSlots: number;
  contextTokens: number;
  maxTokens: number;
  threads: number;
  logRequests: boolean;
}

function ggufPath(args: LocalModelArgs): string {
  if (args.gguf) {
    if (!existsSync(args.gguf)) throw new UsageError(`--gguf ${args.gguf}: no such file`);
    return args.gguf;
  }
  const installed = installedModelPath(process.env, args.model);
  if (!existsSync(installed)) {
    throw new UsageError(`no model at ${installed}: \`${installCommand(args.model)}\` puts it there, or name a GGUF file with --gguf FILE`);
  }
  return installed;
}

const installCommand = (name: LocalModelName): string => `npm run model:install${name === DEFAULT_LOCAL_MODEL ? '' : ` -- --model ${name}`}`;

/** A file that is not a GGUF, or an installed model whose bytes are not the pinned ones, is refused before llama.cpp reads it. */
function checkModelFile(gguf: string, sha256: string, args: LocalModelArgs): void {
  const magic = Buffer.alloc(4);
  const fd = openSync(gguf, 'r');
  try {
    readSync(fd, magic, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  const advice = args.gguf ? 'name a complete GGUF file' : `run \`${installCommand(args.model)}\` again`;
  if (magic.toString('latin1') !== 'GGUF') throw new UsageError(`${gguf} is not a GGUF model file (it does not start with 'GGUF'): ${advice}`);
  const pin = LOCAL_MODELS[args.model];
  if (!args.gguf && sha256 !== pin.sha256) {
    throw new UsageError(`${gguf} is corrupt or truncated (sha256 ${sha256.slice(0, 12)}…, pinned ${pin.sha256.slice(0, 12)}…): ${advice}`);
  }
}

/** What loading a local model takes: serve-model's options without the server's own. */
export type LocalModelArgs = Pick<ServeModelArgs, 'gguf' | 'model' | 'promptSlots' | 'contextTokens' | 'maxTokens' | 'threads' | 'logRequests'>;

/** The model file checked and loaded on this machine's CPU; bad files and a missing runtime are exit 2. */
export async function loadLocalModel(args: LocalModelArgs, observe?: (served: ServedRequest) => void): Promise<LocalGgufModel> {
  const gguf = ggufPath(args);
  // The runtime is looked for before the file is hashed: a missing one is the likelier problem.
  const runtime = await loadRuntime();
  const sha256 = await sha256OfFile(gguf);
  checkModelFile(gguf, sha256, args);
  const label = modelLabel(gguf, sha256);
  const model = await LocalGgufModel.load(runtime, {
    gguf,
    label,
    promptSlots: args.promptSlots,
    contextTokens: args.contextTokens,
    maxTokens: args.maxTokens,
    threads: args.threads,
    // A stopped generation is always told; every request only with --log-requests.
    log: (line, kind) => {
      if (args.logRequests || kind === 'stopped') process.stderr.write(`serve-model: ${line}\n`);
    },
    ...(observe ? { observe } : {}),
  }).catch((error: unknown) => {
    // llama.cpp refuses a GGUF whose tensors are cut short or damaged: bad input, not a harness bug.
    throw new UsageError(
      `${gguf} could not be loaded (${error instanceof Error ? error.message : String(error)}): ${args.gguf ? 'name a complete GGUF file' : `run \`${installCommand(args.model)}\` again`}`,
    );
  });
  return model;
}

/** Loads the model, starts the server and prints its base URL; the caller decides how long it runs. */
export async function serveModel(args: ServeModelArgs, stdout: { write(text: string): unknown }): Promise<{ server: RunningServer; model: LocalGgufModel }> {
  const model = await loadLocalModel(args);
  const server = await startServer({ backend: model, endpointOf: withUserTurn(endpointFromMessages), host: '127.0.0.1', port: args.port });
  stdout.write(`${server.url}\n`);
  process.stderr.write(
    `serve-model: ${model.model} on ${server.url} (one request at a time, ${args.threads} threads, ${args.promptSlots} system prompts cached)\n`,
  );
  return { server, model };
}

export const serveModelCommand: CommandModule<object, ServeModelArgs> = {
  command: 'serve-model',
  describe:
    "Serve a GGUF model on this machine's CPU (llama.cpp) as an OpenAI-compatible endpoint on 127.0.0.1: no key, no network. " +
    'Answers one request at a time, keeps the KV cache of each system prompt, honours temperature, seed and max_tokens, and stops generating when the client goes away',
  builder: (yargs: Argv) =>
    yargs
      .option('gguf', { type: 'string', describe: 'GGUF model file (default: the installed --model)' })
      .option('model', {
        type: 'string',
        choices: LOCAL_MODEL_NAMES,
        default: DEFAULT_LOCAL_MODEL,
        describe: `Which installed model (\`npm run model:install -- --model NAME\`); ${DEFAULT_LOCAL_MODEL} judges prompts, the 0.5B only checks plumbing`,
      })
      .option('port', { type: 'number', default: 8788, describe: 'Port on 127.0.0.1 (0 picks a free one)' })
      .option('prompt-slots', { type: 'number', default: 4, describe: 'Distinct system prompts whose KV cache is kept at once (parse, correction, …)' })
      .option('context-tokens', { type: 'number', default: 4096, describe: "Tokens each cached prompt's context holds (system prompt, input and answer)" })
      .option('max-tokens', {
        type: 'number',
        default: 640,
        describe: 'Longest answer in tokens; a request\'s max_tokens can only lower it (an answer cut there ends with finish_reason "length")',
      })
      .option('threads', {
        type: 'number',
        default: availableParallelism(),
        describe:
          "CPU threads (default: the machine's cores, for a model serving alone; on a machine busy with other work use 1: threads that wait on each other are ~10× slower)",
      })
      .option('log-requests', {
        type: 'boolean',
        default: false,
        describe: 'One line a request on stderr: endpoint, prompt tokens and how many came from the cache, answer tokens, time',
      })
      .epilogue(
        'The runtime, node-llama-cpp, is an optional dependency (npm installs its prebuilt CPU build). Answers name the model as <file>@<sha256 prefix>. ' +
          'response_format json_object / json_schema is enforced with a grammar; a prompt that does not fit the context is refused (400 context_length_exceeded), never cut; ' +
          "only programs on this machine may call it (another Host or a web page's Origin gets 403). " +
          'Use it with: nlu-harness run --llm openai --base-url <printed URL> --model local --model-latency virtual',
      )
      .example('$0 serve-model --port 0', 'the installed model on a free port; the first line printed is the base URL')
      .example('$0 serve-model --model qwen2.5-coder-0.5b --port 0', 'the small model, for a quick plumbing check')
      .example('$0 serve-model --gguf ~/models/other-instruct-q4_k_m.gguf', 'another GGUF model') as unknown as Argv<ServeModelArgs>,
  handler: (args) =>
    serveUntilStopped('serve-model', args.port, async () => {
      const { server, model } = await serveModel(args, process.stdout);
      return {
        close: async () => {
          await server.close();
          await model.close();
        },
      };
    }),
};
