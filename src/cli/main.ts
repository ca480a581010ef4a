import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { commandsFor } from './commandTable.js';
import { EXIT_BAD_INPUT } from './exitCodes.js';
import { checkNumericOptions } from './numericOptions.js';

// `nlu-harness run | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// No top-level await: the bundle is a CommonJS script, so that V8 can cache its compiled code.
// A rejection ends the process as an uncaught error would: its stack on stderr, exit 1.
void main(hideBin(process.argv));

async function main(argv: string[]): Promise<void> {
  // Only the command named on the line is imported: start-up stays lean whatever the others load.
  const parser = yargs(argv)
    .scriptName('nlu-harness')
    .usage('$0 <command> [options]\n\nEvaluation and simulation harness for the NLU of a Chinese voice bookkeeping app.');
  for (const command of await commandsFor(argv)) parser.command(command);
  skipHelpPrerender(parser);
  // Before any handler: a numeric option out of bounds is exit 2 with nothing run.
  parser.middleware((args) => {
    try {
      checkNumericOptions(args);
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(EXIT_BAD_INPUT);
    }
  });
  await parser
    .demandCommand(
      1,
      'Name a command: run, validate, compare, merge, classify, parse, serve-llm, bench, generate, describe, simulate, try, sut, conformance, history (see --help).',
    )
    .strict()
    .recommendCommands()
    .fail((message, error, y) => {
      if (error) throw error;
      // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- yargs' instance in .fail() prints as its help text; its type says Argv
      process.stderr.write(`${y.help()}\n\n${message}\n`);
      process.exit(EXIT_BAD_INPUT);
    })
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .parseAsync();
}

/**
 * yargs renders a command's whole help text before running it, only to show it should the
 * handler fail later; ours never shows help for a failure (the fail handler above rethrows), so
 * that rendering (string widths of every option, a tenth of a bundled run's CPU) is skipped.
 * It reaches into yargs' internal usage object; without that hook nothing changes.
 */
function skipHelpPrerender(instance: object): void {
  const internals = (instance as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } })
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (internals?.cacheHelpMessage) internals.cacheHelpMessage = () => undefined;
}
