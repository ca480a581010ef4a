import type { Argv, CommandModule } from 'yargs';
import { serveCore } from '../sim/sutServer.js';
import type { Protocol } from '../domain/vocabulary.js';

interface SutArgs {
  protocol?: Protocol;
}

export const sutCommand: CommandModule<object, SutArgs> = {
  command: 'sut',
  describe: 'Serve our own TypeScript core over the SUT wire protocol on stdin/stdout (docs/sut-protocol.md)',
  builder: (yargs: Argv) =>
    yargs
      .option('protocol', { choices: ['batch', 'conversation'] as const, describe: 'Offer only this protocol arm (default: both)' })
      .example('$0 run --sut "$0 sut"', 'the bundled suite through the wire, same report as in-process'),
  handler: async (args) => {
    const protocols: Protocol[] = args.protocol ? [args.protocol] : ['batch', 'conversation'];
    await serveCore(process.stdin, process.stdout, { name: 'nlu-harness core', protocols });
  },
};
