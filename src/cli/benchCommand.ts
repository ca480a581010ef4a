import { dirname, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { renderBenchMarkdown, renderVsMarkdown } from '../bench/benchMarkdown.js';
import { benchCorpus } from '../bench/corpus.js';
import { INTERLEAVE_DEFAULTS } from '../bench/interleaved.js';
import { builtCheckoutProblem, runningCheckout } from '../bench/layer1Build.js';
import { runBench, type BenchResult, type TargetResult } from '../bench/runBench.js';
import { LOCAL_STEP_BUDGET_US } from '../domain/sessionTypes.js';
import { TOP_UTTERANCES } from '../bench/utteranceCosts.js';
import { runVsBench, type BuildLabel } from '../bench/vsBench.js';
import { renderVsConsole } from '../bench/vsConsole.js';
import { DEFAULT_DATASETS, reportError } from './runCommand.js';
import { writeFileAtomically } from '../util/atomicFile.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from './exitCodes.js';
import { DEFAULT_RESAMPLES } from '../eval/gateSettings.js';
import { readGitState } from '../eval/provenance.js';

interface BenchArgs {
  dataset: string[];
  json: boolean;
  out: string;
  markdown?: string;
  time: number;
  samples: number;
  vs?: string;
  tolerance: number;
  rounds: number;
  isolates: number;
  seed: number;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'Time the Layer-1 classifier (against a one-scan floor), the offline parser and one orchestrator step; with --vs, against another build',
  builder: (yargs: Argv) =>
    yargs
      .option('dataset', { alias: 'd', type: 'string', array: true, default: DEFAULT_DATASETS, describe: 'Datasets whose user utterances are the input' })
      .option('json', { type: 'boolean', default: false, describe: 'Print only the JSON result on stdout (progress goes to stderr)' })
      .option('out', { alias: 'o', type: 'string', default: 'reports/bench.json', describe: 'Where the JSON result is written (atomically)' })
      .option('markdown', { type: 'string', describe: 'Where the Markdown report is written (default: --out with .md; for a CI step summary)' })
      .option('time', { type: 'number', default: 1000, describe: 'Milliseconds tinybench spends on each target (without --vs)' })
      .option('samples', { type: 'number', default: 200_000, describe: 'Individually timed calls per target, for p50/p99/max (without --vs)' })
      .option('vs', { type: 'string', describe: 'A built checkout (e.g. a git worktree of the base branch) to compare against: it is A, this build is B' })
      .option('tolerance', { type: 'number', default: 0.1, describe: 'With --vs: how much slower B may be (0..1) before an interval wholly above it fails' })
      .option('rounds', { type: 'number', default: INTERLEAVE_DEFAULTS.rounds, describe: 'Timed passes over the utterances, per target (per engine with --vs)' })
      .option('isolates', { type: 'number', default: 4, describe: 'With --vs: fresh engines (worker threads) the timing is repeated in, an even number (half load A first, half B)' })
      .option('seed', { type: 'number', default: 1, describe: 'With --vs: seed of the bootstrap' })
      .example('$0 bench --json', 'exit 1 when the classifier p99 exceeds 1000 µs')
      .example('$0 bench --vs ../base', 'exit 1 when this build is slower than ../base beyond 10 %') as unknown as Argv<BenchArgs>,
  handler: async (args) => {
    try {
      checkArgs(args);
      const markdown = args.markdown ?? `${args.out.replace(/\.json$/i, '')}.md`;
      const corpus = benchCorpus(args.dataset);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const interleave = { ...INTERLEAVE_DEFAULTS, rounds: args.rounds };
      if (args.vs !== undefined) {
        const labels = { baseline: await labelOf(args.vs), candidate: await labelOf(runningCheckout()) };
        const options = { ...interleave, isolates: args.isolates, tolerance: args.tolerance, top: TOP_UTTERANCES, resamples: DEFAULT_RESAMPLES, seed: args.seed, labels, log };
        const result = await runVsBench(args.vs, corpus, options);
        writeFileAtomically(args.out, `${JSON.stringify(result, null, 2)}\n`);
        writeFileAtomically(markdown, renderVsMarkdown(result));
        process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : renderVsConsole(result, [args.out, markdown]));
        process.exitCode = result.verdict.passed ? EXIT_OK : EXIT_FAILED;
        return;
      }
      const result = await runBench(corpus, { timeMs: args.time, samples: args.samples, interleave, log });
      writeFileAtomically(args.out, `${JSON.stringify(result, null, 2)}\n`);
      writeFileAtomically(markdown, renderBenchMarkdown(result));
      process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : renderTable(result, [args.out, markdown]));
      process.exitCode = result.localClassifier.p99Us > LOCAL_STEP_BUDGET_US ? EXIT_FAILED : EXIT_OK;
    } catch (error) {
      process.exitCode = reportError(error);
    }
  },
};

/** Bad input is exit 2 before anything is loaded or timed. */
function checkArgs(args: BenchArgs): void {
  if (args.vs !== undefined) {
    const problem = builtCheckoutProblem(args.vs);
    if (problem) throw new UsageError(problem);
  }
  if (!(args.tolerance >= 0 && args.tolerance <= 1)) throw new UsageError('--tolerance takes a number from 0 to 1');
  if (!(Number.isInteger(args.rounds) && args.rounds >= 1)) throw new UsageError('--rounds takes a whole number of at least 1');
  if (!(Number.isInteger(args.isolates) && args.isolates >= 2 && args.isolates % 2 === 0)) throw new UsageError('--isolates takes an even number of at least 2 (half the engines load A first, half B)');
}

async function labelOf(dir: string): Promise<BuildLabel> {
  const root = resolve(dir);
  const git = await readGitState(root);
  return git ? { dir: root, commit: git.commit, dirty: git.dirty } : { dir: root };
}

function row(name: string, r: TargetResult, extra = ''): string {
  const cells = [r.p50Us, r.p99Us, r.maxUs, r.meanUs].map((v) => String(v).padStart(9));
  return `${name.padEnd(18)}${cells.join('')}${String(r.opsPerSec.toLocaleString('en-US')).padStart(14)}  ${extra}\n`;
}

function renderTable(result: BenchResult, written: readonly string[]): string {
  const c = result.localClassifier;
  const verdict = c.p99Us > c.budgetUs ? 'OVER BUDGET' : 'within budget';
  const goals = `goals p99 <= ${c.goals.p99Us} µs and >= ${c.goals.opsPerSec.toLocaleString('en-US')}/s: ${c.goals.met ? 'met' : 'missed'}`;
  const slowest = result.utterances.localClassifier.slowest.slice(0, 3).map((r) => `「${r.text}」 ${r.candidateUs} µs`).join(', ');
  return [
    `${'per call (µs)'.padEnd(18)}${['p50', 'p99', 'max', 'mean'].map((h) => h.padStart(9)).join('')}${'ops/s'.padStart(14)}\n`,
    row('localClassifier', c, `floor ratio ${c.floorRatio}×, budget ${c.budgetUs} µs: ${verdict}`),
    row('floor (indexOf)', result.floor),
    row('offlineParser', result.offlineParser),
    row('orchestratorStep', result.orchestratorStep, result.orchestratorStep.event),
    `\n${goals}\n`,
    `slowest utterances for the classifier: ${slowest} (the Markdown report has the rest)\n`,
    `${result.corpus.utterances} utterances (${result.corpus.fromDatasets} from datasets, ${result.corpus.synthetic} synthetic); ` +
      `${result.machine.node}, ${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.platform}\n`,
    `Method: ${result.method}\n`,
    `Written: ${written.join(', ')}\n`,
  ].join('');
}
