import { Bench } from 'tinybench';
import { summarize } from './stats.js';

/** A function under test and the inputs one batched iteration walks through. */
export interface Target {
  readonly name: string;
  readonly inputs: readonly unknown[];
  readonly call: (input: unknown) => unknown;
}

export interface Batched {
  /** Mean and median time of one call: an iteration's time divided by the calls it made. */
  readonly meanUs: number;
  readonly p50Us: number;
  readonly opsPerSec: number;
  readonly iterations: number;
  readonly callsPerIteration: number;
}

export interface Sampled {
  readonly count: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
}

/** Results flow into here so the optimiser cannot drop a call whose value is unused. */
let sink = 0;
export function consume(value: unknown): void {
  if (value !== undefined) sink ^= 1;
}
export function sinkValue(): number {
  return sink;
}

/**
 * Sub-microsecond calls are below timer resolution, so tinybench times a loop over the
 * whole input list per iteration and the per-call figures are that time / list length.
 */
export async function measureBatched(targets: readonly Target[], timeMs: number, onTask?: (name: string) => void): Promise<Map<string, Batched>> {
  const bench = new Bench({ time: timeMs, warmupTime: Math.min(250, timeMs), warmupIterations: 16, iterations: 16 });
  for (const target of targets) {
    const { inputs, call } = target;
    bench.add(target.name, () => {
      for (let i = 0; i < inputs.length; i++) consume(call(inputs[i]));
    });
  }
  bench.addEventListener('cycle', (event) => {
    if (event.task) onTask?.(event.task.name);
  });
  await bench.run();
  const results = new Map<string, Batched>();
  for (const task of bench.tasks) {
    const result = task.result;
    if (!('latency' in result)) throw new Error(`benchmark ${task.name} did not complete (${result.state})`);
    const n = targets.find((t) => t.name === task.name)!.inputs.length;
    const meanMs = result.latency.mean;
    results.set(task.name, {
      meanUs: (meanMs * 1000) / n,
      p50Us: (result.latency.p50 * 1000) / n,
      opsPerSec: n / (meanMs / 1000),
      iterations: result.latency.samplesCount,
      callsPerIteration: n,
    });
  }
  return results;
}

/** Median cost of the two process.hrtime.bigint() reads that bracket a sampled call, in ns. */
export function timerOverheadNs(rounds = 200_000): number {
  const samples = new Float64Array(rounds);
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    const end = process.hrtime.bigint();
    samples[i] = Number(end - start);
  }
  return summarize(samples).p50;
}

/**
 * Times calls one by one with process.hrtime.bigint(), cycling through the inputs until
 * `count` samples are taken, for the tail (p99, max) a batched mean cannot show. The
 * timer's own median overhead is subtracted from each sample (floored at 0).
 */
export function sampleCalls(target: Target, count: number, overheadNs: number): Sampled {
  const samples = new Float64Array(count);
  const { inputs, call } = target;
  let k = 0;
  while (k < count) {
    for (let i = 0; i < inputs.length && k < count; i++) {
      const input = inputs[i];
      const start = process.hrtime.bigint();
      const value = call(input);
      const end = process.hrtime.bigint();
      consume(value);
      samples[k++] = Math.max(0, Number(end - start) - overheadNs);
    }
  }
  const summary = summarize(samples);
  return { count, p50Us: summary.p50 / 1000, p99Us: summary.p99 / 1000, maxUs: summary.max / 1000 };
}
