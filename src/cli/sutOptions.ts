import type { Argv } from 'yargs';
import type { ExternalCore } from '../sim/externalCore.js';
import type { Protocol } from '../domain/vocabulary.js';
import type { SuiteOptions } from '../eval/scoreSuite.js';
import { UsageError } from './exitCodes.js';

export interface SutArgs {
  sut?: string;
  sutTimeout: number;
  sutStartTimeout: number;
  sutGiveUpAfter: number;
  sutEnv: string[];
}

/** The options that point a run at an external orchestrator (docs/sut-protocol.md). */
export function withSutOptions<T>(yargs: Argv<T>): Argv<T & SutArgs> {
  return yargs
    .option('sut', { type: 'string', describe: 'Run an external orchestrator: a command speaking the SUT protocol on stdin/stdout (docs/sut-protocol.md)' })
    .option('sut-timeout', { type: 'number', default: 2000, describe: 'Wall-time ms the SUT has to answer each message; later fails the dialogue' })
    .option('sut-start-timeout', { type: 'number', default: 5000, describe: 'Wall-time ms the SUT has to start and answer the handshake' })
    .option('sut-env', {
      type: 'string',
      array: true,
      default: [] as string[],
      describe: 'An environment variable the SUT may see (repeatable); it gets only PATH, HOME, the locale and a temp dir otherwise, never the model key',
    })
    .option('sut-give-up-after', {
      type: 'number',
      default: 3,
      describe: 'After this many dialogues in a row fail on a SUT fault, fail the rest without restarting it (0: never)',
    }) as unknown as Argv<T & SutArgs>;
}

export interface SutCores {
  /** What runSuite needs for this arm: the external core and one dialogue at a time; nothing without --sut. */
  suiteOptions(protocol: Protocol): Partial<Pick<SuiteOptions, 'core' | 'concurrency'>>;
  close(): void;
}

/** Without --sut nothing of the SUT protocol (its client, ajv) is loaded. */
export async function createSutCores(args: SutArgs): Promise<SutCores> {
  const cores = new Map<Protocol, ExternalCore>();
  if (args.sut === undefined) return { suiteOptions: () => ({}), close: () => undefined };
  if (args.sut.trim() === '') throw new UsageError('--sut needs a command line');
  // --sut-timeout, --sut-start-timeout and --sut-give-up-after were bounded before this ran (numericOptions.ts).
  const command = args.sut;
  const { ExternalCore } = await import('../sim/externalCore.js');
  return {
    suiteOptions(protocol) {
      let core = cores.get(protocol);
      if (!core) {
        core = new ExternalCore({
          command,
          protocol,
          timeoutMs: args.sutTimeout,
          startTimeoutMs: args.sutStartTimeout,
          giveUpAfter: args.sutGiveUpAfter,
          passEnv: args.sutEnv,
        });
        cores.set(protocol, core);
      }
      return { core, concurrency: 1 };
    },
    close() {
      for (const core of cores.values()) core.close();
    },
  };
}
