/**
 * The flags of the sequential gate and of common random numbers, checked before anything runs:
 * `--sequential`, `--margin`, `--budget`, `--undecided`, and whether the run reuses the
 * baseline's sampling seed (`--independent-seeds` opts out).
 */
import type { Baseline } from '../report/json/baseline.js';
import { backendEntry } from '../backends/registry.js';
import { parseBudget, SequentialRun } from '../eval/sequentialRun.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';
import { UsageError } from './exitCodes.js';
import { DEFAULT_MARGIN } from '../eval/gateSettings.js';

/** A time budget shorter than this ends before a run has started its first dialogue (start-up alone takes longer). */
const MIN_BUDGET_SECONDS = 1;

interface SequentialArgs {
  readonly sequential?: boolean;
  readonly baseline?: string;
  readonly updateBaseline?: boolean;
  readonly protocol: string;
  readonly margin?: number;
  readonly budget?: string;
  readonly undecided?: 'fail' | 'pass';
  readonly alpha: number;
  readonly seed: number;
}

/** The sequential run the flags ask for, or null; a UsageError (exit 2) for flags that cannot make one. */
export function sequentialRunOf(
  args: SequentialArgs,
  baseline: Baseline | null,
  how: { readonly exact?: boolean; readonly callsSoFar?: () => number } = {},
): SequentialRun | null {
  if (!args.sequential) {
    // Accepted and ignored, they would let a CI config believe it set a margin or an undecided rule.
    for (const [flag, value] of [
      ['budget', args.budget],
      ['margin', args.margin],
      ['undecided', args.undecided],
    ] as const) {
      if (value !== undefined) throw new UsageError(`--${flag} applies to --sequential runs (add --sequential, or drop --${flag})`);
    }
    return null;
  }
  if (!args.baseline || args.updateBaseline) throw new UsageError('--sequential needs --baseline FILE to gate against (and not --update-baseline)');
  if (args.protocol === 'both') throw new UsageError('--sequential runs one protocol arm: use --protocol batch or conversation');
  // --shard i/n is then a selection like --filter: the decision is about that slice, which the baseline must hold.
  if (Array.isArray(args.budget)) throw new UsageError('--budget given more than once');
  const budget = args.budget === undefined ? null : parseBudget(args.budget);
  if (args.budget !== undefined && !budget) throw new UsageError(`--budget: '${args.budget}' is neither minutes nor calls (e.g. 10m, 90s, 200calls)`);
  if (budget && 'minutes' in budget && budget.minutes * 60 < MIN_BUDGET_SECONDS) {
    throw new UsageError(
      `--budget: '${args.budget}' is too small: the run would stop before its first dialogue; give at least ${MIN_BUDGET_SECONDS}s (or a number of calls, e.g. 20calls)`,
    );
  }
  if (!baseline?.repeated) {
    throw new UsageError(
      `--sequential: ${args.baseline} has no per-dialogue scores; remake it with --update-baseline (a baseline now keeps them at any --repeat; each dialogue is paired against them)`,
    );
  }
  return new SequentialRun({
    baseline: repeatedRecord(baseline.repeated),
    alpha: args.alpha,
    margin: args.margin ?? DEFAULT_MARGIN,
    budget,
    seed: args.seed,
    undecided: args.undecided ?? 'fail',
    exact: how.exact ?? false,
    ...(how.callsSoFar ? { callsSoFar: how.callsSoFar } : {}),
  });
}

/**
 * Common random numbers: a run gated on a baseline asks a model over HTTP with the baseline's
 * sampling seed, unless it names its own or says --independent-seeds. Requests carry
 * seed × 1000003 + run of --repeat, so the same seed gives every dialogue × repeat the seed it
 * had in the baseline: an unchanged prompt answers as before, and only what the change moves
 * differs. Returns the seed to use, or undefined to leave the flags as they are.
 */
export function sharedSamplingSeed(
  args: { readonly llm: string; readonly samplingSeed?: number; readonly independentSeeds?: boolean },
  baseline: Baseline | null,
): number | undefined {
  if (!baseline || !backendEntry(args.llm).overHttp || args.samplingSeed !== undefined || args.independentSeeds) return undefined;
  return baseline.provenance?.sampling?.seed;
}
