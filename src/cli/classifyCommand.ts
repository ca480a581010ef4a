import type { Argv, CommandModule } from 'yargs';
import { classifyLocal } from '../domain/localIntent.js';
import { EXIT_BAD_INPUT } from './exitCodes.js';
import { readInputTexts } from './inputLines.js';

interface ClassifyArgs {
  text?: string[];
}

export const classifyCommand: CommandModule<object, ClassifyArgs> = {
  command: 'classify [text..]',
  describe: 'Run the Layer-1 local classifier on utterances (arguments, or one per stdin line); prints one JSON line each',
  builder: (yargs: Argv) =>
    yargs.positional('text', {
      type: 'string',
      array: true,
      describe: 'Utterances to classify (quote each one); read from stdin lines when omitted',
    }),
  handler: async (args) => {
    const texts = await readInputTexts(args.text);
    if (texts.length === 0) {
      process.stderr.write('classify: give utterances as arguments or pipe them one per line on stdin\n');
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    for (const text of texts) {
      const intent = classifyLocal(text);
      const index = 'index' in intent ? intent.index : null;
      process.stdout.write(`${JSON.stringify({ text, intent: intent.kind, index })}\n`);
    }
  },
};
