import type { Argv, CommandModule } from 'yargs';
import type { ChatBackend } from '../llm/backend.js';
import { endpointFromMessages } from '../gateway/endpointMarker.js';
import { todayFromMessages } from '../gateway/promptToday.js';
import { startServer, type RunningServer } from '../llm/openaiCompatibleServer.js';
import { PERTURB_KEYS, PerturbingBackend, formatPerturbRates, type PerturbKey, type PerturbProvenance } from '../llm/perturbBackend.js';
import { perturbOptions, perturbProvenance } from './backendFactory.js';
import { EXIT_BAD_INPUT, UsageError, exitCodeFor } from './exitCodes.js';
import { backendEntry, backendNames } from '../backends/registry.js';

export interface ServeLlmArgs {
  /** A registry backend that is servable. */
  backend: string;
  cassette?: string;
  model?: string;
  /** The model id the server reports (model list and each answer's `model`), e.g. to stand in for two models on two ports. */
  modelId?: string;
  port: number;
  latencyMs: number;
  errorEvery?: number;
  failStatus: 429 | 500 | 502 | 503;
  perturb?: string;
  perturbSeed?: number;
  honourSeeds?: boolean;
  perturbKey?: PerturbKey;
}

async function serveBackend(args: ServeLlmArgs, perturb: PerturbProvenance | null): Promise<ChatBackend> {
  const answering = await backendEntry(args.backend).create({ option: '--backend', cassette: args.cassette, model: args.model });
  // A noisy model the harness does not know is noisy: what a gate over a real model faces.
  const served = perturb
    ? new PerturbingBackend(answering, perturb.rates, perturb.seed, args.honourSeeds ? 'seededRequest' : (args.perturbKey ?? 'call'))
    : answering;
  return args.modelId === undefined ? served : reportedAs(served, args.modelId);
}

/** The backend answering under another model id, as a server hosting a model of that name does. */
function reportedAs(backend: ChatBackend, modelId: string): ChatBackend {
  return {
    name: backend.name,
    model: modelId,
    clock: backend.clock,
    complete: async (req) => ({ ...(await backend.complete(req)), model: modelId }),
  };
}

/** Starts the server and prints its base URL; the caller decides how long it runs. */
export async function serveLlm(args: ServeLlmArgs, stdout: { write(text: string): unknown }): Promise<RunningServer> {
  const perturb = perturbProvenance(args);
  if (args.honourSeeds && !perturb) throw new UsageError('--honour-seeds keys the --perturb draws: give --perturb too');
  if (args.perturbKey !== undefined && !perturb) throw new UsageError('--perturb-key keys the --perturb draws: give --perturb too');
  if (args.perturbKey !== undefined && args.honourSeeds)
    throw new UsageError(
      '--honour-seeds and --perturb-key both say what the draws are keyed by: give one (--perturb-key request keys them by seed and prompt)',
    );
  const server = await startServer({
    backend: await serveBackend(args, perturb),
    endpointOf: endpointFromMessages,
    todayOf: todayFromMessages,
    host: '127.0.0.1',
    port: args.port,
    extraLatencyMs: args.latencyMs,
    failStatus: args.failStatus,
    ...(args.errorEvery === undefined ? {} : { errorEvery: args.errorEvery }),
  });
  stdout.write(`${server.url}\n`);
  if (perturb) process.stderr.write(`serve-llm: answers perturbed (${formatPerturbRates(perturb.rates)}, seed ${perturb.seed}${drawnBy(args)})\n`);
  return server;
}

function drawnBy(args: ServeLlmArgs): string {
  if (args.honourSeeds) return ', drawn by request seed and prompt';
  if (args.perturbKey === 'request') return ', drawn by request seed and content';
  if (args.perturbKey === 'dialogue') return ', drawn by request seed and the batch the call is about';
  return '';
}

function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * A server command's life: starts it (a port in use or another bad input is exit 2 with the
 * message, anything else exit 3 with the stack) and stops it on SIGINT or SIGTERM.
 */
export async function serveUntilStopped(command: string, port: number, start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  let server: { close(): Promise<void> };
  try {
    server = await start();
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    const shown = inUse ? new UsageError(`port ${port} on 127.0.0.1 is in use: pick another with --port, or --port 0 for a free one`) : error;
    process.stderr.write(`${exitCodeFor(shown) === EXIT_BAD_INPUT ? (shown as Error).message : ((shown as Error).stack ?? String(shown))}\n`);
    process.exitCode = exitCodeFor(shown);
    return;
  }
  const signal = await untilStopped();
  process.stderr.write(`${command}: ${signal}, stopping\n`);
  // A model in the middle of a long prompt cannot be interrupted, and its native threads hold even
  // process.exit until it is done: past the grace, or at a second signal, the process ends by SIGKILL.
  const leave = (why: string) => () => {
    process.stderr.write(`${command}: ${why}; exiting without waiting for the call in progress\n`);
    process.kill(process.pid, 'SIGKILL');
  };
  const grace = setTimeout(leave(`still busy ${STOP_GRACE_MS / 1000} s after ${signal}`), STOP_GRACE_MS).unref();
  const again = leave('stopped again');
  process.once('SIGINT', again).once('SIGTERM', again);
  await server.close();
  clearTimeout(grace);
  process.off('SIGINT', again).off('SIGTERM', again);
}

/** How long a stopped server may finish the call in progress before it exits regardless. */
const STOP_GRACE_MS = 3_000;

export const serveLlmCommand: CommandModule<object, ServeLlmArgs> = {
  command: 'serve-llm',
  describe:
    'Serve a no-key model (heuristic rules or a replayed cassette) as an OpenAI-compatible endpoint on 127.0.0.1. ' +
    'The heuristic reference model ignores the prompt text (it reads only the user input and batch), so it cannot judge a prompt change: use a real model for that',
  builder: (yargs: Argv) =>
    perturbOptions(yargs)
      .option('backend', {
        choices: backendNames((entry) => entry.servable),
        default: 'heuristic',
        describe: 'What answers the requests: heuristic (rules; ignores the prompt text) or replay (a cassette; a changed prompt is a miss)',
      })
      .option('cassette', { type: 'string', describe: 'Cassette file for --backend replay' })
      .option('model', { type: 'string', describe: 'Model of the cassette to replay (when it holds several)' })
      .option('model-id', { type: 'string', describe: 'The model id the server reports (its model list and every answer), to stand in for a named model' })
      .option('port', { type: 'number', default: 8787, describe: 'Port on 127.0.0.1 (0 picks a free one)' })
      .option('latency-ms', { type: 'number', default: 0, describe: 'Wait this long before each answer' })
      .option('error-every', { type: 'number', describe: 'Fail every Nth chat request' })
      .option('honour-seeds', {
        type: 'boolean',
        describe:
          "With --perturb: draw the noise by each request's seed and prompt (when it sends a seed), so the same seed and prompt get the same answer, as a model that honours seeds does",
      })
      .option('perturb-key', {
        choices: PERTURB_KEYS,
        describe:
          "With --perturb: what each draw is keyed by. call (default): the call's number, so the noise follows the order of calls; request: the request's seed and content, the same whatever the order or --concurrency; dialogue: the request's seed and the batch the call is about, so a dialogue's calls fail together. With request or dialogue, run with --sampling-seed so each run of --repeat is its own sample",
      })
      .option('fail-status', {
        choices: [429, 500, 502, 503] as const,
        default: 500 as const,
        describe: 'Status of the injected failures',
      }) as unknown as Argv<ServeLlmArgs>,
  handler: (args) => serveUntilStopped('serve-llm', args.port, () => serveLlm(args, process.stdout)),
};
