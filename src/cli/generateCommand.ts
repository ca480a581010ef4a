import type { Argv, CommandModule } from 'yargs';
import { writeGeneratedDataset } from '../generate/generateDataset.js';
import { checkOutputFile, OutputPathError } from '../util/outputPaths.js';
import { reportError } from './runCommand.js';

interface GenerateArgs {
  count: number;
  seed: number;
  out: string;
}

export const generateCommand: CommandModule<object, GenerateArgs> = {
  command: 'generate',
  describe: 'Write a YAML dataset of N varied dialogues with ground truth for the scripted backend (deterministic per seed)',
  builder: (yargs: Argv) =>
    yargs
      .option('count', { alias: 'n', type: 'number', demandOption: true, describe: 'How many dialogues' })
      .option('seed', { type: 'number', default: 1, describe: 'Same seed, same file byte for byte' })
      .option('out', { alias: 'o', type: 'string', demandOption: true, describe: 'YAML file to write (replaced atomically)' })
      .example('$0 generate --count 10000 --seed 7 --out /tmp/gen.yaml', 'then: nlu-harness run --dataset /tmp/gen.yaml'),
  handler: async (args) => {
    // A signal stops the writing, which removes its temporary file; then the signal ends the process as it would have.
    const stop = new AbortController();
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const onSignal = (signal: NodeJS.Signals) => stop.abort(signal);
    for (const signal of signals) process.on(signal, onSignal);
    try {
      if (Array.isArray(args.out)) throw new OutputPathError('--out given more than once');
      if (args.out.trim() === '') throw new OutputPathError('--out needs a file path');
      checkOutputFile(args.out, '--out');
      const started = performance.now();
      const { dialogues, turns } = await writeGeneratedDataset(args.out, { count: args.count, seed: args.seed }, stop.signal);
      const ms = Math.round(performance.now() - started);
      process.stderr.write(`generate: ${dialogues} dialogues, ${turns} turns → ${args.out} (${ms} ms)\n`);
    } catch (error) {
      if (!stop.signal.aborted) process.exitCode = reportError(error);
    } finally {
      for (const signal of signals) process.off(signal, onSignal);
    }
    if (stop.signal.aborted) process.kill(process.pid, stop.signal.reason as NodeJS.Signals);
  },
};
