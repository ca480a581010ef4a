import type { Argv, CommandModule } from 'yargs';
import { compareToBaseline, readBaseline } from '../report/baseline.js';
import { reportError } from './runCommand.js';

interface CompareArgs {
  baseline: string;
  current: string;
  tolerance: number;
  json: boolean;
}

export const compareCommand: CommandModule<object, CompareArgs> = {
  command: 'compare <baseline> <current>',
  describe: 'Compare two reports (or a baseline and a report): exit 1 on a metric drop beyond tolerance or a pass→fail flip',
  builder: (yargs: Argv) =>
    yargs
      .positional('baseline', { type: 'string', demandOption: true, describe: 'baseline.json or report.json' })
      .positional('current', { type: 'string', demandOption: true, describe: 'report.json (or baseline) to judge' })
      .option('tolerance', { type: 'number', default: 0, describe: 'How far a metric may fall (0..1)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the gate result as JSON' }) as unknown as Argv<CompareArgs>,
  handler: (args) => {
    try {
      const gate = compareToBaseline(readBaseline(args.baseline), readBaseline(args.current), args.baseline, {
        tolerance: args.tolerance,
      });
      if (args.json) process.stdout.write(`${JSON.stringify(gate, null, 2)}\n`);
      else {
        for (const r of gate.regressions) process.stdout.write(`REGRESSION ${r.kind} ${r.name}: ${String(r.baseline)} → ${String(r.current)}\n`);
        for (const r of gate.improvements) process.stdout.write(`improved   ${r.kind} ${r.name}: ${String(r.baseline)} → ${String(r.current)}\n`);
        process.stdout.write(gate.passed ? 'gate: pass\n' : `gate: FAIL (${gate.regressions.length} regression(s))\n`);
      }
      process.exitCode = gate.passed ? 0 : 1;
    } catch (error) {
      process.exitCode = reportError(error);
    }
  },
};
