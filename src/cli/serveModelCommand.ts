import { existsSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { endpointFromMessages } from '../gateway/endpointMarker.js';
import { LocalGgufModel, loadRuntime } from '../llm/localGgufModel.js';
import { sha256OfFile } from '../llm/fileHash.js';
import { installedModelPath, modelLabel } from '../llm/localModel.js';
import { startServer, type RunningServer } from '../llm/openaiCompatibleServer.js';
import { UsageError } from './exitCodes.js';
import { serveUntilStopped } from './serveLlmCommand.js';

export interface ServeModelArgs {
  gguf?: string;
  port: number;
  promptSlots: number;
  contextTokens: number;
  maxTokens: number;
  threads: number;
  logRequests: boolean;
}

function ggufPath(args: ServeModelArgs): string {
  if (args.gguf) {
    if (!existsSync(args.gguf)) throw new UsageError(`--gguf ${args.gguf}: no such file`);
    return args.gguf;
  }
  const installed = installedModelPath();
  if (!existsSync(installed)) {
    throw new UsageError(`no model at ${installed}: \`npm run model:install\` puts the project's model there, or name a GGUF file with --gguf FILE`);
  }
  return installed;
}

/** Loads the model, starts the server and prints its base URL; the caller decides how long it runs. */
export async function serveModel(args: ServeModelArgs, stdout: { write(text: string): unknown }): Promise<{ server: RunningServer; model: LocalGgufModel }> {
  const gguf = ggufPath(args);
  // The runtime is looked for before the file is hashed: a missing one is the likelier problem.
  const runtime = await loadRuntime();
  const label = modelLabel(gguf, await sha256OfFile(gguf));
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
  });
  const server = await startServer({ backend: model, endpointOf: endpointFromMessages, host: '127.0.0.1', port: args.port });
  stdout.write(`${server.url}\n`);
  process.stderr.write(`serve-model: ${model.model} on ${server.url} (one request at a time, ${args.promptSlots} system prompts cached)\n`);
  return { server, model };
}

export const serveModelCommand: CommandModule<object, ServeModelArgs> = {
  command: 'serve-model',
  describe:
    'Serve a GGUF model on this machine\'s CPU (llama.cpp) as an OpenAI-compatible endpoint on 127.0.0.1: no key, no network. ' +
    'Answers one request at a time, keeps the KV cache of each system prompt, honours temperature, seed and max_tokens, and stops generating when the client goes away',
  builder: (yargs: Argv) =>
    yargs
      .option('gguf', { type: 'string', describe: 'GGUF model file (default: the model `npm run model:install` put in the cache)' })
      .option('port', { type: 'number', default: 8788, describe: 'Port on 127.0.0.1 (0 picks a free one)' })
      .option('prompt-slots', { type: 'number', default: 4, describe: 'Distinct system prompts whose KV cache is kept at once (parse, correction, …)' })
      .option('context-tokens', { type: 'number', default: 4096, describe: 'Tokens each cached prompt\'s context holds (system prompt, input and answer)' })
      .option('max-tokens', { type: 'number', default: 512, describe: 'Longest answer in tokens; a request\'s max_tokens can only lower it' })
      .option('threads', { type: 'number', default: 1, describe: 'CPU threads (on a busy 2-core machine one thread is ~10× faster than two that wait on each other)' })
      .option('log-requests', { type: 'boolean', default: false, describe: 'One line a request on stderr: endpoint, prompt tokens and how many came from the cache, answer tokens, time' })
      .epilogue(
        'The runtime, node-llama-cpp, is an optional dependency (npm installs its prebuilt CPU build). Answers name the model as <file>@<sha256 prefix>. ' +
          'Use it with: nlu-harness run --llm openai --base-url <printed URL> --model local --model-latency virtual',
      )
      .example('$0 serve-model --port 0', 'the installed model on a free port; the first line printed is the base URL')
      .example('$0 serve-model --gguf ~/models/qwen2.5-1.5b-instruct-q4_k_m.gguf', 'another GGUF model') as unknown as Argv<ServeModelArgs>,
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
