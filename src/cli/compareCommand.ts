import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { readBaseline } from '../report/json/baseline.js';
import { compareReports } from '../report/model/comparison.js';
import { readComparableReport } from '../report/json/readReport.js';
import { renderCompareConsole } from '../report/console/comparisonConsole.js';
import { commandLine } from '../report/console/commandWords.js';
import { reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { DEFAULT_ALPHA, DEFAULT_RESAMPLES } from '../eval/gateSettings.js';
import { gateVerdict } from '../eval/gateVerdict.js';
import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import { reportError } from './runCommand.js';
import { compareSimulations } from './simulateCompare.js';
import { isSimulationFile } from '../report/json/readSimulationReport.js';

interface CompareArgs {
  baseline: string;
  current: string;
  tolerance: number;
  alpha: number;
  resamples: number;
  seed: number;
  json: boolean;
  out?: string;
  lang: 'en' | 'zh';
}

export const compareCommand: CommandModule<object, CompareArgs> = {
  command: 'compare <baseline> <current>',
  describe:
    'Compare two reports (or a baseline and a report, or two simulate reports): exit 1 on a regression, judged as run --baseline judges it (against chance for a model with noise)',
  builder: (yargs: Argv) =>
    yargs
      .positional('baseline', { type: 'string', demandOption: true, describe: 'baseline.json or report.json' })
      .positional('current', { type: 'string', demandOption: true, describe: 'report.json (or baseline) to judge' })
      .option('tolerance', {
        type: 'number',
        default: 0,
        describe: 'A fall that is forgiven (0..1): with a model with noise, a fall beyond chance still passes when it is no larger',
      })
      .option('alpha', { type: 'number', default: DEFAULT_ALPHA, describe: 'Reports run with --repeat: significance level of the paired gate' })
      .option('resamples', {
        type: 'number',
        default: DEFAULT_RESAMPLES,
        describe: 'Resamples of the paired gate (randomization tests and bootstrap intervals)',
      })
      .option('seed', { type: 'number', default: 1, describe: 'Seed of the resamples (same inputs and seed, same verdict)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the gate result as JSON' })
      .option('out', { type: 'string', describe: 'Also write comparison.html and comparison.md here (needs two report.json files)' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the comparison pages and the console (en, zh)' })
      .example('$0 compare a/report.json b/report.json --out reports/compare', 'two runs side by side: deltas and flipped dialogues')
      .example('$0 compare sim-a/report.json sim-b/report.json', 'two simulate runs: success-rate deltas with intervals, users that flipped'),
  handler: async (args) => {
    try {
      if (isSimulationFile(args.baseline) || isSimulationFile(args.current)) {
        process.exitCode = await compareSimulations(args);
        return;
      }
      // Read everything first: a bad file is exit 2 before anything is printed or written.
      const gate = gateVerdict(readBaseline(args.baseline), readBaseline(args.current), args.baseline, {
        tolerance: args.tolerance,
        alpha: args.alpha,
        resamples: args.resamples,
        seed: args.seed,
        // A baseline file keeps scores, not its config: the paired gate rescores latency against the one config's deadline.
        deadlineMs: DEFAULT_CONFIG.correctionTimeoutMs,
      });
      const comparison = args.out
        ? compareReports(
            { label: args.baseline, report: readComparableReport(args.baseline) },
            { label: args.current, report: readComparableReport(args.current) },
            gate,
            args.lang,
          )
        : null;
      if (args.json) process.stdout.write(`${JSON.stringify(gate, null, 2)}\n`);
      else process.stdout.write(renderCompareConsole(gate, args.lang));
      if (comparison && args.out) {
        const out = resolve(args.out);
        await writeReportSet('comparison', out, { comparison, lang: args.lang });
        // With --json, stdout stays pure JSON.
        (args.json ? process.stderr : process.stdout).write(`${commandLine(args.lang, 'comparison', reportSetPaths('comparison', out))}\n`);
      }
      process.exitCode = gate.passed ? 0 : 1;
    } catch (error) {
      process.exitCode = reportError(error);
    }
  },
};
