import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { readBaseline, toBaseline } from '../report/json/baseline.js';
import { readShardReport } from '../report/json/readReport.js';
import type { ReadReport as Report } from '../report/model/reportTypes.js';
import { checkOutputDir } from '../util/outputPaths.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { MergeError, mergeReports } from '../eval/mergeReports.js';
import { UsageError } from './exitCodes.js';
import { exitStatus, reportError } from './runCommand.js';
import { checkShardSet } from './shardSet.js';
import { DEFAULT_ALPHA, DEFAULT_RESAMPLES } from '../eval/gateSettings.js';
import { gateVerdict } from '../eval/gateVerdict.js';
import { whollyPaired } from '../eval/dialoguePairing.js';
import { recordedSettings } from '../scoring/metrics/registry.js';
import { commandLine } from '../report/console/commandWords.js';
import { keepsDialogueScores } from '../eval/keptScores.js';

interface MergeArgs {
  reports: string[];
  out: string;
  baseline?: string;
  tolerance: number;
  alpha: number;
  resamples: number;
  lang: 'en' | 'zh';
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <reports..>',
  describe: 'Merge the report.json files of `run --shard i/n` into the report of the whole run (and gate it)',
  builder: (yargs: Argv) =>
    yargs
      .positional('reports', { type: 'string', array: true, demandOption: true, describe: 'report.json of each shard' })
      .option('out', { alias: 'o', type: 'string', default: 'reports/merged', describe: 'Directory for the merged reports' })
      .option('baseline', { type: 'string', describe: 'Gate the merged run against this baseline' })
      .option('tolerance', {
        type: 'number',
        default: 0,
        describe: 'A fall that is forgiven (0..1): with a model with noise, a fall beyond chance still passes when it is no larger',
      })
      .option('alpha', {
        type: 'number',
        default: DEFAULT_ALPHA,
        describe: 'With --repeat shards and baseline: significance level of the paired gate (as run --alpha)',
      })
      .option('resamples', { type: 'number', default: DEFAULT_RESAMPLES, describe: 'Resamples of the paired gate (as run --resamples)' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the report pages and the console (en, zh)' })
      .example('$0 merge shard1/report.json shard2/report.json --out reports/all', ''),
  handler: async (args) => {
    try {
      checkOutputDir(args.out);
      const shards = args.reports.map(readShardReport);
      const warning = checkShardSet(shards, args.reports);
      if (warning) process.stderr.write(`${commandLine(args.lang, 'warning', warning)}\n`);
      const baseline = args.baseline ? readBaseline(args.baseline) : null;
      const merged = mergeReports(shards);
      const gate = baseline
        ? // The run's own seed, as run --baseline resamples with it: the same dialogues give the same verdict.
          gateVerdict(baseline, toBaseline(merged), args.baseline!, {
            tolerance: args.tolerance,
            alpha: args.alpha,
            resamples: args.resamples,
            seed: merged.run.seed,
            deadlineMs: recordedSettings(merged.metrics).deadlineMs,
          })
        : null;
      const report: Report = { ...withoutUnneededScores(merged, gate), gate };
      await writeReportSet('run', resolve(args.out), { ...report, view: { lang: args.lang } });
      const { passed, total } = report.summary.dialogues;
      process.stdout.write(`${commandLine(args.lang, 'merged', { reports: args.reports.length, passed, total, out: resolve(args.out) })}\n`);
      // The verdict the report's headline states, as run's exit code is (a baseline: regressions only).
      process.exitCode = exitStatus(report);
    } catch (error) {
      process.exitCode = reportError(error instanceof MergeError ? new UsageError(error.message) : error);
    }
  },
};

/**
 * Every shard keeps its dialogues' scores, so the merged gate can score the metrics over the
 * dialogues it pairs. The merged report keeps them where the whole run would have (eval/keptScores.ts).
 */
function withoutUnneededScores(merged: Report, gate: Report['gate']): Report {
  const partlyPaired = gate?.pairing ? !whollyPaired(gate.pairing) : false;
  if (keepsDialogueScores({ repeat: merged.run.repeat, backend: merged.run.llm.backend, partlyPaired, pairedLater: false })) return merged;
  const { repeated: _scores, ...rest } = merged;
  return rest;
}
