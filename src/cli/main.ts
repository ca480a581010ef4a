import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { benchCommand } from './benchCommand.js';
import { classifyCommand } from './classifyCommand.js';
import { compareCommand } from './compareCommand.js';
import { conformanceCommand } from './conformanceCommand.js';
import { describeCommand } from './describeCommand.js';
import { generateCommand } from './generateCommand.js';
import { historyCommand } from './historyCommand.js';
import { mergeCommand } from './mergeCommand.js';
import { parseCommand } from './parseCommand.js';
import { runCommand } from './runCommand.js';
import { serveLlmCommand } from './serveLlmCommand.js';
import { simulateCommand } from './simulateCommand.js';
import { tryCommand } from './tryCommand.js';
import { sutCommand } from './sutCommand.js';
import { validateCommand } from './validateCommand.js';
import { EXIT_BAD_INPUT } from './exitCodes.js';

// `nlu-harness run | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

await yargs(hideBin(process.argv))
  .scriptName('nlu-harness')
  .usage('$0 <command> [options]\n\nEvaluation and simulation harness for the NLU of a Chinese voice bookkeeping app.')
  .command(runCommand)
  .command(validateCommand)
  .command(compareCommand)
  .command(mergeCommand)
  .command(classifyCommand)
  .command(parseCommand)
  .command(serveLlmCommand)
  .command(benchCommand)
  .command(generateCommand)
  .command(describeCommand)
  .command(simulateCommand)
  .command(tryCommand)
  .command(sutCommand)
  .command(conformanceCommand)
  .command(historyCommand)
  .demandCommand(1, 'Name a command: run, validate, compare, merge, classify, parse, serve-llm, bench, generate, describe, simulate, try, sut, conformance, history (see --help).')
  .strict()
  .recommendCommands()
  .fail((message, error, y) => {
    if (error) throw error;
    process.stderr.write(`${y.help()}\n\n${message}\n`);
    process.exit(EXIT_BAD_INPUT);
  })
  .help()
  .alias('h', 'help')
  .version()
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  .parseAsync();
