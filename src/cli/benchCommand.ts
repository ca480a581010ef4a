import { resolve } from 'node:path';
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
import { availableParallelism } from 'node:os';
import { renderModelBench } from '../bench/modelBench.js';
import { RESPONSE_FORMATS, type ResponseFormatMode } from '../llm/backend.js';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_NAMES, isLocalModelName } from '../llm/localModel.js';
import { benchModel } from './benchModel.js';

/** The model suite's slice the local-model figures are measured on (docs/local-model.md). */
const MODEL_BENCH_DATASETS = ['datasets/model/*.yaml'];

interface BenchArgs {
  dataset?: string[];
  model?: string;
  gguf?: string;
  shard: string;
  mode: 'e2e' | 'gold';
  responseFormat: ResponseFormatMode;
  threads: number;
  json: boolean;
  out: string;
  markdown?: string;
  runOut?: string;
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
  describe:
    'Time the Layer-1 classifier (against a one-scan floor), the offline parser and one orchestrator step; with --vs, against another build; ' +
    'with --model, a local model: calls/min, tokens per call and tokens/s over a run of the model suite, against its decode-rate floor',
  builder: (yargs: Argv) =>
    yargs
      .option('dataset', {
        alias: 'd',
        type: 'string',
        array: true,
        describe: `Datasets whose user utterances are the input (default ${DEFAULT_DATASETS.join(' ')}; with --model ${MODEL_BENCH_DATASETS.join(' ')})`,
      })
      .option('model', {
        type: 'string',
        describe: `Bench a local model instead (${LOCAL_MODEL_NAMES.join(', ')}; no value: ${DEFAULT_LOCAL_MODEL}), served in-process to a run of --dataset`,
      })
      .option('gguf', { type: 'string', describe: 'With --model: a GGUF file instead of an installed model' })
      .option('shard', {
        type: 'string',
        default: '1/16',
        describe: 'With --model: the slice of --dataset the run takes (1/16 of the model suite: 30 dialogues from all nine families)',
      })
      .option('mode', { type: 'string', choices: ['e2e', 'gold'] as const, default: 'e2e' as const, describe: "With --model: the run's --mode" })
      .option('response-format', { type: 'string', choices: RESPONSE_FORMATS, default: 'none' as const, describe: "With --model: the run's --response-format" })
      .option('threads', {
        type: 'number',
        default: availableParallelism(),
        describe: 'With --model: CPU threads for the model (default: the cores; time on an idle machine)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print only the JSON result on stdout (progress goes to stderr)' })
      .option('out', {
        alias: 'o',
        type: 'string',
        default: 'reports/bench.json',
        describe: 'Where the JSON result is written (atomically; with --model, reports/bench-model.json by default)',
      })
      .option('run-out', {
        type: 'string',
        describe: 'With --model: where the run keeps its report, to see the answers behind the figures (default: --out without .json, then -run)',
      })
      .option('markdown', { type: 'string', describe: 'Where the Markdown report is written (default: --out with .md; for a CI step summary)' })
      .option('time', { type: 'number', default: 1000, describe: 'Milliseconds tinybench spends on each target (without --vs)' })
      .option('samples', { type: 'number', default: 200_000, describe: 'Individually timed calls per target, for p50/p99/max (without --vs)' })
      .option('vs', { type: 'string', describe: 'A built checkout (e.g. a git worktree of the base branch) to compare against: it is A, this build is B' })
      .option('tolerance', { type: 'number', default: 0.1, describe: 'With --vs: how much slower B may be (0..1) before an interval wholly above it fails' })
      .option('rounds', {
        type: 'number',
        default: INTERLEAVE_DEFAULTS.rounds,
        describe: 'Timed passes over the utterances, per target (per engine with --vs)',
      })
      .option('isolates', {
        type: 'number',
        default: 4,
        describe: 'With --vs: fresh engines (worker threads) the timing is repeated in, an even number (half load A first, half B)',
      })
      .option('seed', { type: 'number', default: 1, describe: 'With --vs: seed of the bootstrap' })
      .example('$0 bench --json', 'exit 1 when the classifier p99 exceeds 1000 µs')
      .example('$0 bench --vs ../base', 'exit 1 when this build is slower than ../base beyond 10 %')
      .example('$0 bench --model --out reports/bench-model.json', 'the default local model over 1/16 of the model suite') as unknown as Argv<BenchArgs>,
  handler: async (args) => {
    try {
      checkArgs(args);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      if (args.model !== undefined) {
        const name = args.model === '' ? DEFAULT_LOCAL_MODEL : args.model;
        if (!isLocalModelName(name)) throw new UsageError(`--model ${name} is not one of ${LOCAL_MODEL_NAMES.join(', ')}`);
        const out = args.out === 'reports/bench.json' ? 'reports/bench-model.json' : args.out;
        const stem = out.replace(/\.json$/i, '');
        const result = await benchModel(
          {
            ...args,
            model: name,
            dataset: args.dataset ?? MODEL_BENCH_DATASETS,
            runOut: args.runOut ?? `${stem}-run`,
            promptSlots: 4,
            contextTokens: 4096,
            maxTokens: 640,
            logRequests: false,
          },
          log,
        );
        writeFileAtomically(out, `${JSON.stringify(result, null, 2)}\n`);
        writeFileAtomically(args.markdown ?? `${stem}.md`, renderModelBench(result));
        process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : renderModelBench(result));
        process.exitCode = EXIT_OK;
        return;
      }
      const markdown = args.markdown ?? `${args.out.replace(/\.json$/i, '')}.md`;
      const corpus = benchCorpus(args.dataset ?? DEFAULT_DATASETS);
      const interleave = { ...INTERLEAVE_DEFAULTS, rounds: args.rounds };
      if (args.vs !== undefined) {
        const labels = { baseline: await labelOf(args.vs), candidate: await labelOf(runningCheckout()) };
        const options = {
          ...interleave,
          isolates: args.isolates,
          tolerance: args.tolerance,
          top: TOP_UTTERANCES,
          resamples: DEFAULT_RESAMPLES,
          seed: args.seed,
          labels,
          log,
        };
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
  if (!(Number.isInteger(args.isolates) && args.isolates >= 2 && args.isolates % 2 === 0))
    throw new UsageError('--isolates takes an even number of at least 2 (half the engines load A first, half B)');
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
  const slowest = result.utterances.localClassifier.slowest
    .slice(0, 3)
    .map((r) => `「${r.text}」 ${r.candidateUs} µs`)
    .join(', ');
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
