import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { benchCorpus } from '../bench/corpus.js';
import { BUDGET_US, runBench, type BenchResult, type TargetResult } from '../bench/runBench.js';
import { DEFAULT_DATASETS, reportError } from './runCommand.js';
import { EXIT_FAILED, EXIT_OK } from './exitCodes.js';

interface BenchArgs {
  dataset: string[];
  json: boolean;
  out: string;
  time: number;
  samples: number;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'Time the Layer-1 classifier (against a one-scan floor), the offline parser and one orchestrator step',
  builder: (yargs: Argv) =>
    yargs
      .option('dataset', { alias: 'd', type: 'string', array: true, default: DEFAULT_DATASETS, describe: 'Datasets whose user utterances are the input' })
      .option('json', { type: 'boolean', default: false, describe: 'Print only the JSON result on stdout (progress goes to stderr)' })
      .option('out', { alias: 'o', type: 'string', default: 'reports/bench.json', describe: 'Where the JSON result is written (atomically)' })
      .option('time', { type: 'number', default: 1000, describe: 'Milliseconds tinybench spends on each target' })
      .option('samples', { type: 'number', default: 200_000, describe: 'Individually timed calls per target (for p50/p99/max)' })
      .example('$0 bench --json', 'exit 1 when the classifier p99 exceeds 1000 µs') as unknown as Argv<BenchArgs>,
  handler: async (args) => {
    try {
      const corpus = benchCorpus(args.dataset);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const result = await runBench(corpus, { timeMs: args.time, samples: args.samples, log });
      writeAtomically(args.out, `${JSON.stringify(result, null, 2)}\n`);
      process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : renderTable(result, args.out));
      process.exitCode = result.localClassifier.p99Us > BUDGET_US ? EXIT_FAILED : EXIT_OK;
    } catch (error) {
      process.exitCode = reportError(error);
    }
  },
};

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

function row(name: string, r: TargetResult, extra = ''): string {
  const cells = [r.p50Us, r.p99Us, r.maxUs, r.meanUs].map((v) => String(v).padStart(9));
  return `${name.padEnd(18)}${cells.join('')}${String(r.opsPerSec.toLocaleString('en-US')).padStart(14)}  ${extra}\n`;
}

function renderTable(result: BenchResult, out: string): string {
  const c = result.localClassifier;
  const verdict = c.p99Us > c.budgetUs ? 'OVER BUDGET' : 'within budget';
  const goals = `goals p99 <= ${c.goals.p99Us} µs and >= ${c.goals.opsPerSec.toLocaleString('en-US')}/s: ${c.goals.met ? 'met' : 'missed'}`;
  return [
    `${'per call (µs)'.padEnd(18)}${['p50', 'p99', 'max', 'mean'].map((h) => h.padStart(9)).join('')}${'ops/s'.padStart(14)}\n`,
    row('localClassifier', c, `floor ratio ${c.floorRatio}×, budget ${c.budgetUs} µs: ${verdict}`),
    row('floor (indexOf)', result.floor),
    row('offlineParser', result.offlineParser),
    row('orchestratorStep', result.orchestratorStep, result.orchestratorStep.event),
    `\n${goals}\n`,
    `${result.corpus.utterances} utterances (${result.corpus.fromDatasets} from datasets, ${result.corpus.synthetic} synthetic); ` +
      `${result.machine.node}, ${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.platform}\n`,
    `Method: ${result.method}\n`,
    `Written: ${out}\n`,
  ].join('');
}
