import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { resolveDatasetFiles, streamDatasets } from '../datasets/loadDatasets.js';
import { DEFAULT_DATASETS } from './runCommand.js';
import { ScriptedBackend } from '../llm/scriptedBackend.js';
import { conformanceSummary } from '../report/markdown/conformanceTable.js';
import { reportFiles, reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { conformanceRows, countStatuses, SCENARIO_TAG } from '../scoring/conformance.js';
import type { Protocol } from '../domain/vocabulary.js';
import { runSuite } from '../eval/scoreSuite.js';
import { UsageError } from './exitCodes.js';
import { reportError } from './runCommand.js';
import { createSutCores, withSutOptions, type SutArgs } from './sutOptions.js';
import { withoutControls } from '../report/words/format.js';

interface ConformanceArgs extends SutArgs {
  sut: string;
  dataset: string[];
  out: string;
  protocol: Protocol;
}

export const conformanceCommand: CommandModule<object, ConformanceArgs> = {
  command: 'conformance',
  describe: 'Run every seed Scenario dialogue against an external orchestrator and write the conformance table (Markdown, HTML)',
  builder: (yargs: Argv) =>
    withSutOptions(yargs)
      .demandOption('sut')
      .option('dataset', {
        alias: 'd',
        type: 'string',
        array: true,
        default: DEFAULT_DATASETS,
        describe: 'Dataset files, directories or globs; dialogues tagged scenario:<heading> are run',
      })
      .option('out', { alias: 'o', type: 'string', default: 'reports/conformance', describe: `Directory for ${reportFiles('conformance').join(', ')}` })
      .option('protocol', { choices: ['batch', 'conversation'] as const, default: 'batch' as const, describe: 'The protocol arm the SUT speaks' })
      .example('$0 conformance --sut "$0 sut"', 'our own core: every covered scenario held') as unknown as Argv<ConformanceArgs>,
  handler: async (args) => {
    process.exitCode = await conformance(args);
  },
};

async function conformance(args: ConformanceArgs): Promise<number> {
  try {
    const dialogues = [...streamDatasets(resolveDatasetFiles(args.dataset))].filter((d) => d.tags.some((tag) => tag.startsWith(SCENARIO_TAG)));
    if (dialogues.length === 0) throw new UsageError(`no dialogue in ${args.dataset.join(' ')} is tagged ${SCENARIO_TAG}<heading>`);
    const suts = await createSutCores(args);
    const options = suts.suiteOptions(args.protocol);
    let result;
    try {
      result = await runSuite(dialogues, { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1, protocol: args.protocol, ...options });
    } finally {
      suts.close();
    }
    // A conformance suite is a few dozen dialogues: held as an array.
    const reports = [...result.dialogues];
    result.dialogues.close();
    const rows = conformanceRows({ offered: dialogues, reports, skipped: result.skipped, protocol: args.protocol });
    const sutName = (options.core as { sutName?: string | null } | undefined)?.sutName ?? args.sut;
    const meta = { sut: sutName, command: args.sut, protocol: args.protocol };
    const out = resolve(args.out);
    await writeReportSet('conformance', out, { rows, meta });
    // The name is the SUT's own handshake text, the details quote its answers: inert on the terminal.
    process.stdout.write(withoutControls(`${sutName}: ${conformanceSummary(rows)}\n`));
    for (const row of rows.filter((r) => r.status === 'broken')) process.stdout.write(withoutControls(`  ✘ seed ${row.seed} ${row.scenario}: ${row.detail}\n`));
    process.stdout.write(`Table: ${reportSetPaths('conformance', out)}\n`);
    const failedDialogues = reports.filter((d) => !d.passed).length;
    return countStatuses(rows).broken > 0 || failedDialogues > 0 ? 1 : 0;
  } catch (error) {
    return reportError(error);
  }
}
