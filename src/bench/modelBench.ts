import type { ChatBackend } from '../llm/backend.js';
import type { ServedRequest } from '../llm/localGgufModel.js';

/**
 * `bench --model`: what a local model costs per call on this machine, next to its floor. The calls
 * are the ones a real `run` of the model suite makes (the CLI runs it against the model); the floor
 * is the answer tokens those calls had to write, divided by the decode rate of the same build here.
 */

export interface EndpointCost {
  readonly calls: number;
  readonly promptTokensPerCall: number;
  readonly cachedPromptTokensPerCall: number;
  readonly outputTokensPerCall: number;
  /** Answers cut at max_tokens (finish_reason "length"). */
  readonly cutAtMaxTokens: number;
  readonly msPerCall: { readonly p50: number; readonly mean: number; readonly max: number };
}

export interface ModelBenchResult {
  readonly model: string;
  readonly threads: number;
  readonly responseFormat: string;
  readonly calls: number;
  readonly seconds: number;
  readonly callsPerMinute: number;
  readonly outputTokensPerSecond: number;
  readonly byEndpoint: Readonly<Record<string, EndpointCost>>;
  /** Answer tokens per second when nothing but decoding is done: one long answer to a cached prompt. */
  readonly decodeTokensPerSecond: number;
  /** Seconds the calls' answer tokens take at the decode rate; `seconds` over it is how far from the floor the run is. */
  readonly floorSeconds: number;
  readonly ratioToFloor: number;
  /** The run's seconds split by a least-squares fit over its calls; absent when the calls cannot separate the parts. */
  readonly timeSplit?: TimeSplit;
  /** What the run that made the calls scored (its report), so speed is never read without the answers. */
  readonly answers: { readonly dialogues: number; readonly passed: number; readonly valid: number; readonly judged: number };
  readonly loadAverage: readonly number[];
  readonly date: string;
  readonly method: string;
}

/**
 * Where a run's time went, fitted over its calls as ms = fixed + a × prompt tokens read (not from
 * the cache) + b × answer tokens written: the rates are the run's own, measured under the same load
 * as its calls, where the decode rate above is a separate probe.
 */
export interface TimeSplit {
  readonly writingSeconds: number;
  readonly readingSeconds: number;
  readonly otherSeconds: number;
  readonly answerTokensPerSecond: number;
  readonly promptTokensPerSecond: number;
}

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile50(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function endpointCosts(served: readonly ServedRequest[]): Record<string, EndpointCost> {
  const out: Record<string, EndpointCost> = {};
  for (const endpoint of [...new Set(served.map((s) => s.endpoint))].sort()) {
    const calls = served.filter((s) => s.endpoint === endpoint);
    const mean = (pick: (s: ServedRequest) => number): number => round(calls.reduce((sum, s) => sum + pick(s), 0) / calls.length);
    out[endpoint] = {
      calls: calls.length,
      promptTokensPerCall: mean((s) => s.promptTokens),
      cachedPromptTokensPerCall: mean((s) => s.cachedTokens),
      outputTokensPerCall: mean((s) => s.completionTokens),
      cutAtMaxTokens: calls.filter((s) => s.finishReason === 'length').length,
      msPerCall: { p50: percentile50(calls.map((s) => s.ms)), mean: Math.round(mean((s) => s.ms)), max: Math.max(...calls.map((s) => s.ms)) },
    };
  }
  return out;
}

/** A prompt whose answer is long and predictable at temperature 0, so decoding, not reading, is timed. */
const DECODE_PROBE = [
  { role: 'system' as const, content: 'You write numbers.' },
  { role: 'user' as const, content: 'Write the whole numbers from 1 to 200 in order, separated by commas, and nothing else.' },
];
const DECODE_PROBE_TOKENS = 192;

/**
 * Answer tokens per second of pure decoding: the probe is asked once for one token, to fill the
 * model's cache with its prompt, then timed on the second and third asking (the faster counts: the floor).
 */
export async function measureDecodeRate(model: ChatBackend): Promise<number> {
  const ask = (maxTokens = DECODE_PROBE_TOKENS) => model.complete({ endpoint: 'parse', messages: DECODE_PROBE, sampling: { temperature: 0, maxTokens } });
  await ask(1);
  let best = 0;
  for (let i = 0; i < 2; i++) {
    const result = await ask();
    const tokens = result.usage?.completionTokens ?? 0;
    if (tokens > 0 && result.latencyMs > 0) best = Math.max(best, (tokens * 1000) / result.latencyMs);
  }
  return round(best);
}

/** Least squares by the normal equations, solved by elimination: systems of 2 or 3 unknowns, too small to bring in a library for. */
function leastSquares(rows: readonly (readonly number[])[], ys: readonly number[]): number[] | undefined {
  const n = rows[0]?.length ?? 0;
  const a = Array.from({ length: n }, (_, i) => [
    ...Array.from({ length: n }, (_, j) => rows.reduce((sum, r) => sum + r[i]! * r[j]!, 0)),
    rows.reduce((sum, r, k) => sum + r[i]! * ys[k]!, 0),
  ]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const lead = a[col]![col]!;
    if (Math.abs(lead) < 1e-9 * Math.max(1, Math.abs(a[0]![0]!))) return undefined;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / lead;
      for (let c = col; c <= n; c++) a[r]![c] = a[r]![c]! - factor * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/**
 * The calls' time split into writing, reading and a per-call rest. A negative rest (long answers
 * costing a little more per token than short ones) is fitted again with none, so no part is negative.
 */
export function splitRunTime(served: readonly ServedRequest[]): TimeSplit | undefined {
  if (served.length < 4) return undefined;
  const read = (s: ServedRequest): number => s.promptTokens - s.cachedTokens;
  const ms = served.map((s) => s.ms);
  let fit = leastSquares(
    served.map((s) => [1, read(s), s.completionTokens]),
    ms,
  );
  if (fit && fit[0]! < 0) {
    const withoutRest = leastSquares(
      served.map((s) => [read(s), s.completionTokens]),
      ms,
    );
    fit = withoutRest ? [0, ...withoutRest] : undefined;
  }
  if (!fit) return undefined;
  const [fixedMs, msPerRead, msPerWritten] = fit as [number, number, number];
  if (msPerRead <= 0 || msPerWritten <= 0) return undefined;
  const total = (pick: (s: ServedRequest) => number): number => served.reduce((sum, s) => sum + pick(s), 0);
  return {
    writingSeconds: round((msPerWritten * total((s) => s.completionTokens)) / 1000),
    readingSeconds: round((msPerRead * total(read)) / 1000),
    otherSeconds: round((fixedMs * served.length) / 1000),
    answerTokensPerSecond: round(1000 / msPerWritten),
    promptTokensPerSecond: round(1000 / msPerRead),
  };
}

export function summariseModelBench(input: {
  model: string;
  threads: number;
  responseFormat: string;
  served: readonly ServedRequest[];
  seconds: number;
  decodeTokensPerSecond: number;
  answers: ModelBenchResult['answers'];
  loadAverage: readonly number[];
  method: string;
}): ModelBenchResult {
  const { served, seconds, decodeTokensPerSecond } = input;
  const outputTokens = served.reduce((sum, s) => sum + s.completionTokens, 0);
  const floorSeconds = decodeTokensPerSecond > 0 ? outputTokens / decodeTokensPerSecond : 0;
  const timeSplit = splitRunTime(served);
  return {
    model: input.model,
    threads: input.threads,
    responseFormat: input.responseFormat,
    calls: served.length,
    seconds: round(seconds),
    callsPerMinute: round((served.length * 60) / seconds),
    outputTokensPerSecond: round(outputTokens / seconds),
    byEndpoint: endpointCosts(served),
    decodeTokensPerSecond,
    floorSeconds: round(floorSeconds),
    ratioToFloor: floorSeconds > 0 ? round(seconds / floorSeconds, 2) : 0,
    ...(timeSplit ? { timeSplit } : {}),
    answers: input.answers,
    loadAverage: input.loadAverage.map((l) => round(l, 2)),
    date: new Date().toISOString(),
    method: input.method,
  };
}

export function renderModelBench(result: ModelBenchResult): string {
  const lines = [
    `model ${result.model}, ${result.threads} threads, response format ${result.responseFormat}; load average ${result.loadAverage.join(' ')}`,
    `${result.calls} calls in ${result.seconds} s: ${result.callsPerMinute} calls/min, ${result.outputTokensPerSecond} answer tokens/s`,
    `decode rate ${result.decodeTokensPerSecond} tokens/s → floor ${result.floorSeconds} s; the run took ${result.ratioToFloor}× its floor`,
    ...(result.timeSplit
      ? [
          `the calls' time, fitted over them: writing answers ${result.timeSplit.writingSeconds} s (${result.timeSplit.answerTokensPerSecond} tokens/s), ` +
            `reading prompts ${result.timeSplit.readingSeconds} s (${result.timeSplit.promptTokensPerSecond} tokens/s), the rest ${result.timeSplit.otherSeconds} s`,
        ]
      : []),
    `answers: ${result.answers.valid}/${result.answers.judged} valid, ${result.answers.passed}/${result.answers.dialogues} dialogues passed`,
    '',
    `| endpoint | calls | prompt tokens/call (cached) | answer tokens/call | cut at max_tokens | ms/call p50 · mean · max |`,
    `| --- | ---: | ---: | ---: | ---: | ---: |`,
    ...Object.entries(result.byEndpoint).map(
      ([endpoint, c]) =>
        `| ${endpoint} | ${c.calls} | ${c.promptTokensPerCall} (${c.cachedPromptTokensPerCall}) | ${c.outputTokensPerCall} | ${c.cutAtMaxTokens} | ${c.msPerCall.p50} · ${c.msPerCall.mean} · ${c.msPerCall.max} |`,
    ),
    '',
    `Method: ${result.method}`,
  ];
  return `${lines.join('\n')}\n`;
}
