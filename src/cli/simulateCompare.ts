/** `compare A B` on two simulate reports: exit 1 when task success fell beyond chance and --tolerance (users.simulationComparison's gate). */
import { resolve } from 'node:path';
import { UsageError } from './exitCodes.js';
import { compareSimulations as compare } from '../report/model/simulationComparison.js';
import { readSimulationReport } from '../report/json/readSimulationReport.js';
import { renderSimulationCompareConsole } from '../report/console/simulationCompareConsole.js';
import { reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { answersRepeat } from '../backends/registry.js';
import { DEFAULT_ALPHA } from '../eval/gateSettings.js';
import { commandLine } from '../report/console/commandWords.js';
import type { Lang } from '../report/model/reportTypes.js';
import type { SimulationReport } from '../report/model/simulationReport.js';

export async function compareSimulations(args: {
  baseline: string;
  current: string;
  tolerance: number;
  alpha: number;
  json: boolean;
  out?: string;
  lang: Lang;
}): Promise<number> {
  if (!(args.tolerance >= 0 && args.tolerance <= 1)) throw new UsageError('--tolerance takes a number from 0 to 1');
  // The pages show 95 % intervals and the gate reads the same ones: another level would say one thing and decide another.
  if (args.alpha !== DEFAULT_ALPHA)
    throw new UsageError(`--alpha applies to run reports; two simulate reports are gated on the 95 % interval their pages show (--alpha ${DEFAULT_ALPHA})`);
  const [a, b] = [readSimulationReport(args.baseline), readSimulationReport(args.current)];
  refuseOtherToday(args, a, b);
  const noiseFree = [a, b].every((report) => answersRepeat(String(report.run.llm['backend'])));
  const comparison = compare({ label: args.baseline, report: a }, { label: args.current, report: b }, { tolerance: args.tolerance, noiseFree }, args.lang);
  if (args.json) {
    const { a, b, ...rest } = comparison;
    process.stdout.write(`${JSON.stringify({ kind: 'simulation-comparison', a: a.label, b: b.label, ...rest }, null, 2)}\n`);
  } else process.stdout.write(renderSimulationCompareConsole(comparison, args.lang));
  if (args.out) {
    const out = resolve(args.out);
    await writeReportSet('simulationComparison', out, { comparison, lang: args.lang });
    (args.json ? process.stderr : process.stdout).write(`${commandLine(args.lang, 'comparison', reportSetPaths('simulationComparison', out))}\n`);
  }
  return comparison.passed ? 0 : 1;
}

/**
 * One seed draws the same users, but their goals' days count back from today: under another
 * --today every day named moved, so pairing them user by user would call other people the same.
 */
function refuseOtherToday(args: { baseline: string; current: string }, a: SimulationReport, b: SimulationReport): void {
  const [before, after] = [a.run.today, b.run.today];
  if (a.run.seed !== b.run.seed || before === undefined || after === undefined || before === after) return;
  throw new UsageError(
    `${args.baseline} and ${args.current} simulate the users of seed ${a.run.seed} on another today (${before} and ${after}): every day their goals name moved, ` +
      'so they are not the same users; compare two reports of one --today (or of two seeds, compared as groups)',
  );
}
