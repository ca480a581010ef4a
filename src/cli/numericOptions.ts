import { UsageError } from './exitCodes.js';

/** The range a numeric option accepts; `whole` for counts, `above` for a strict lower bound. */
interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly whole: boolean;
  readonly above?: boolean;
  /** Why the upper bound is where it is, when not obvious. */
  readonly why?: string;
}

const whole = (min: number, max: number, why?: string): Bounds => ({ min, max, whole: true, ...(why ? { why } : {}) });
const SEED = whole(0, 2 ** 32 - 1, 'the generators take 32 bits');
const MILLISECONDS = whole(1, 600_000, 'ten minutes');

/**
 * Every numeric option of every command, by name (an option means the same wherever it appears),
 * checked before a command does any work: NaN, a fraction where a count is meant, or a value past
 * its bound is exit 2 naming the option, not a crash or minutes of work after a (paid) run. The
 * upper bounds are far above any real use; they stop typos such as `1e9`.
 */
export const NUMERIC_OPTIONS: Readonly<Record<string, Bounds>> = {
  alpha: { min: 0, max: 0.5, whole: false, above: true, why: 'the interval is 1 − 2α wide' },
  resamples: whole(100, 10_000, '10 000 resamples of 291 dialogues × 2 repeats took 58 s here'),
  tolerance: { min: 0, max: 1, whole: false },
  margin: { min: 0, max: 0.5, whole: false, above: true, why: 'a fall of more than half is not a margin' },
  seed: SEED,
  'perturb-seed': SEED,
  repeat: whole(1, 1000),
  concurrency: whole(1, 256),
  'trend-runs': whole(1, 1000),
  users: whole(1, 1_000_000),
  count: whole(1, 10_000_000),
  limit: whole(1, 100_000),
  port: whole(0, 65_535),
  'latency-ms': whole(0, 600_000, 'ten minutes'),
  'error-every': whole(1, 1_000_000_000),
  'sut-timeout': MILLISECONDS,
  'sut-start-timeout': MILLISECONDS,
  'sut-give-up-after': whole(0, 1000),
  time: MILLISECONDS,
  samples: whole(1, 100_000_000),
  temperature: { min: 0, max: 2, whole: false, why: "OpenAI's range" },
  'sampling-seed': whole(0, 2147, 'N × 1 000 003 + run stays a 31-bit seed'),
  'user-temperature': { min: 0, max: 2, whole: false, why: "OpenAI's range" },
  'user-seed': whole(0, 2147, 'N × 1 000 003 + run stays a 31-bit seed'),
  'user-call-budget': whole(1, 10_000_000),
  'prompt-slots': whole(1, 64),
  'context-tokens': whole(512, 131_072, "Qwen2.5's longest context"),
  'max-tokens': whole(1, 32_768),
  threads: whole(1, 256),
};

/** A UsageError for the first numeric option out of its bounds, or nothing. `argv` as yargs parsed it. */
export function checkNumericOptions(argv: Readonly<Record<string, unknown>>): void {
  for (const [name, bounds] of Object.entries(NUMERIC_OPTIONS)) {
    const value = argv[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) throw new UsageError(`--${name} given more than once`);
    if (typeof value !== 'number') continue;
    const low = bounds.above ? value > bounds.min : value >= bounds.min;
    if (Number.isFinite(value) && low && value <= bounds.max && (!bounds.whole || Number.isInteger(value))) continue;
    const kind = bounds.whole ? 'a whole number' : 'a number';
    const range = bounds.above ? `above ${bounds.min} and up to ${bounds.max}` : `from ${bounds.min} to ${bounds.max}`;
    throw new UsageError(`--${name} takes ${kind} ${range}, got ${String(value)}`);
  }
}
