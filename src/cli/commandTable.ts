import type { CommandModule } from 'yargs';

// Each command has its own argument type; yargs parses them, so the table need not know them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCommand = CommandModule<object, any>;
type Loader = () => Promise<AnyCommand>;

/**
 * Every command by name, each loaded only when asked for: `run` never pays for the modules of
 * `simulate` (pinyin) or `bench` (tinybench). Order is the order --help lists them in.
 */
export const COMMANDS: ReadonlyArray<readonly [string, Loader]> = [
  ['run', async () => (await import('./runCommand.js')).runCommand],
  ['validate', async () => (await import('./validateCommand.js')).validateCommand],
  ['compare', async () => (await import('./compareCommand.js')).compareCommand],
  ['merge', async () => (await import('./mergeCommand.js')).mergeCommand],
  ['classify', async () => (await import('./classifyCommand.js')).classifyCommand],
  ['parse', async () => (await import('./parseCommand.js')).parseCommand],
  ['serve-llm', async () => (await import('./serveLlmCommand.js')).serveLlmCommand],
  ['serve-model', async () => (await import('./serveModelCommand.js')).serveModelCommand],
  ['bench', async () => (await import('./benchCommand.js')).benchCommand],
  ['generate', async () => (await import('./generateCommand.js')).generateCommand],
  ['describe', async () => (await import('./describeCommand.js')).describeCommand],
  ['simulate', async () => (await import('./simulateCommand.js')).simulateCommand],
  ['try', async () => (await import('./tryCommand.js')).tryCommand],
  ['sut', async () => (await import('./sutCommand.js')).sutCommand],
  ['conformance', async () => (await import('./conformanceCommand.js')).conformanceCommand],
  ['history', async () => (await import('./historyCommand.js')).historyCommand],
];

/** The command a command line names, or all of them (help, --version, a typo to suggest against). */
export async function commandsFor(args: readonly string[]): Promise<AnyCommand[]> {
  const named = COMMANDS.find(([name]) => name === args[0]);
  const wanted = named ? [named] : COMMANDS;
  return Promise.all(wanted.map(([, load]) => load()));
}
