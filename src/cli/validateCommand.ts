import type { Argv, CommandModule } from 'yargs';
import { DatasetError } from '../datasets/datasetTypes.js';
import { loadDatasets } from '../datasets/loadDatasets.js';
import { scriptedAnswerIssues } from './scriptedAnswerIssues.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exitCodes.js';

interface ValidateArgs {
  files: string[];
}

interface Output {
  write(text: string): unknown;
}

/** Checks the datasets without running them; returns the exit code. */
export function validateDatasets(patterns: readonly string[], stdout: Output, stderr: Output): number {
  try {
    const { dialogues, files } = loadDatasets(patterns);
    const scripted = dialogues.flatMap(scriptedAnswerIssues);
    if (scripted.length > 0) throw new DatasetError(scripted);
    for (const file of files) {
      const inFile = dialogues.filter((d) => d.file === file);
      const turns = inFile.reduce((sum, d) => sum + d.turns.length, 0);
      stdout.write(`ok  ${file}  (${inFile.length} dialogues, ${turns} turns)\n`);
    }
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    for (const i of error.issues) stderr.write(`${i.file}:${i.line}:${i.col}: ${i.message}\n`);
    const files = new Set(error.issues.map((i) => i.file)).size;
    stderr.write(`${error.issues.length} problem(s) in ${files} file(s)\n`);
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
    }) as unknown as Argv<ValidateArgs>,
  handler: (args) => {
    process.exitCode = validateDatasets(args.files, process.stdout, process.stderr);
  },
};
