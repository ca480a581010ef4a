import type { Argv, CommandModule } from 'yargs';
import { writeGeneratedDataset } from '../generate/generateDataset.js';

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
      .example('$0 generate --count 10000 --seed 7 --out /tmp/gen.yaml', 'then: $0 run --dataset /tmp/gen.yaml') as unknown as Argv<GenerateArgs>,
  handler: (args) => {
    const started = performance.now();
    const { dialogues, turns } = writeGeneratedDataset(args.out, { count: args.count, seed: args.seed });
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`generate: ${dialogues} dialogues, ${turns} turns → ${args.out} (${ms} ms)\n`);
  },
};
