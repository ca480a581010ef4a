import type { Argv, CommandModule } from 'yargs';
import { DatasetError, issueText } from '../datasets/datasetTypes.js';
import { datasetFiles } from '../datasets/loadDatasets.js';
import { checkDatasets } from '../eval/checkDatasets.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exitCodes.js';

interface ValidateArgs {
  files: string[];
}

interface Output {
  write(text: string): unknown;
}

/** Checks the datasets as `run` does before it runs anything, without running them; returns the exit code. */
export function validateDatasets(patterns: readonly string[], stdout: Output, stderr: Output): number {
  const { files, issues } = datasetFiles(patterns);
  try {
    const { counts } = checkDatasets(files);
    if (issues.length > 0) throw new DatasetError([]);
    for (const { file, dialogues, turns } of counts) stdout.write(`ok  ${file}  (${dialogues} dialogues, ${turns} turns)\n`);
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    issues.push(...error.issues);
    for (const issue of issues) stderr.write(`${issueText(issue)}\n`);
    const inFiles = new Set(issues.map((i) => i.file)).size;
    stderr.write(`${issues.length} problem(s) in ${inFiles} file(s)\n`);
    return EXIT_BAD_INPUT;
  }
}

export const validateCommand: CommandModule<object, ValidateArgs> = {
  command: 'validate <files..>',
  describe: 'Check dataset files (YAML dialogues, CSV cases; files, directories or globs) without running them',
  builder: (yargs: Argv) =>
    yargs.positional('files', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'Dataset files, directories or globs (quote globs so the shell leaves them alone)',
    }),
  handler: (args) => {
    process.exitCode = validateDatasets(args.files, process.stdout, process.stderr);
  },
};
