import type { Argv, CommandModule } from 'yargs';
import { parseOffline } from '../domain/offlineParser.js';
import { EXIT_BAD_INPUT } from './exitCodes.js';
import { readInputTexts } from './inputLines.js';

interface ParseArgs {
  text?: string[];
  offline: boolean;
}

export const parseCommand: CommandModule<object, ParseArgs> = {
  command: 'parse [text..]',
  describe: 'Parse utterances into transactions with the offline local parser (--offline); one JSON line each',
  builder: (yargs: Argv) =>
    yargs
      .positional('text', {
        type: 'string',
        array: true,
        describe: 'Utterances to parse (quote each one); read from stdin lines when omitted',
      })
      .option('offline', {
        type: 'boolean',
        default: false,
        describe: 'Use the local rule parser (single transaction, seed 002 decision 10)',
      }),
  handler: async (args) => {
    if (!args.offline) {
      process.stderr.write('parse: only --offline is available here; online parsing needs an LLM backend, which the `run` command drives\n');
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    const texts = await readInputTexts(args.text);
    if (texts.length === 0) {
      process.stderr.write('parse: give utterances as arguments or pipe them one per line on stdin\n');
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    for (const text of texts) {
      const result = parseOffline(text);
      const transactions = result ? [{ amount: result.amount, type: result.type, category: result.category, description: result.description }] : [];
      process.stdout.write(`${JSON.stringify({ text, transactions })}\n`);
    }
  },
};
