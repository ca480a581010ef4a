import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { median } from 'simple-statistics';
import { TARGET_NAMES, type InterleaveSettings, type TargetName, type TargetTimings } from './interleaved.js';

export interface IsolateRequest {
  readonly roots: readonly string[];
  readonly texts: readonly string[];
  readonly settings: InterleaveSettings;
}

interface IsolateReply {
  readonly timings: Record<TargetName, TargetTimings>;
  readonly overheadNs: number;
}

export interface IsolatedTimings {
  /** perUtterance: per build, the median over isolates of each isolate's medians; samples: every isolate's rounds, one after another. */
  readonly timings: Record<TargetName, TargetTimings>;
  /** Per target, each isolate's calls a timing. */
  readonly callsPerTiming: Record<TargetName, number[]>;
  readonly timerOverheadNs: number;
}

/**
 * Two identical builds timed in one engine differ more than the gate may allow, for two reasons,
 * and this is built against both (measured at load 12 on 2 cores, two copies of one build):
 * - V8 optimises functions on a background thread; on a loaded machine the optimised code of one
 *   build may arrive after timing has begun, and that build then looks up to 30 % slower for the
 *   whole run. Compiling on the main thread instead (--no-concurrent-recompilation, set for the
 *   engines started from here on) makes every warm-up end with both builds optimised: the
 *   per-engine ratio went from 0.88–1.31 to 1.03–1.06.
 * - The build loaded (and warmed) second ran ≈ 4 % slower, whichever it was. So half the engines
 *   load A first and half B first.
 * Each engine is a worker thread, started one after another, that loads every build anew; an
 * utterance's cost is the median over engines of its median over rounds.
 */
export async function measureInIsolates(
  roots: readonly string[],
  texts: readonly string[],
  settings: InterleaveSettings,
  isolates: number,
  log: (line: string) => void,
): Promise<IsolatedTimings> {
  v8.setFlagsFromString('--no-concurrent-recompilation');
  const replies: IsolateReply[] = [];
  for (let k = 0; k < isolates; k++) {
    const reversed = k % 2 === 1;
    const reply = await runIsolate({ roots: reversed ? [...roots].reverse() : roots, texts, settings });
    replies.push(reversed ? inLoadOrder(reply) : reply);
    log(
      `bench: isolate ${k + 1}/${isolates} timed ${TARGET_NAMES.join(', ')} (${settings.rounds} rounds × ${texts.length} utterances × ${roots.length} builds${reversed ? ', loaded in reverse order' : ''})`,
    );
  }
  const timings = {} as Record<TargetName, TargetTimings>;
  const callsPerTiming = {} as Record<TargetName, number[]>;
  for (const target of TARGET_NAMES) {
    const parts = replies.map((reply) => reply.timings[target]);
    timings[target] = {
      perUtterance: roots.map((_, side) => medianAcross(parts.map((part) => part.perUtterance[side]!))),
      samples: roots.map((_, side) => concatenated(parts.map((part) => part.samples[side]!))),
      callsPerTiming: median(parts.map((part) => part.callsPerTiming)),
    };
    callsPerTiming[target] = parts.map((part) => part.callsPerTiming);
  }
  return { timings, callsPerTiming, timerOverheadNs: median(replies.map((reply) => reply.overheadNs)) };
}

/** A reply from an engine that loaded the builds in reverse, with its builds put back in the caller's order. */
function inLoadOrder(reply: IsolateReply): IsolateReply {
  const timings = {} as Record<TargetName, TargetTimings>;
  for (const target of TARGET_NAMES) {
    const t = reply.timings[target];
    timings[target] = { ...t, perUtterance: [...t.perUtterance].reverse(), samples: [...t.samples].reverse() };
  }
  return { ...reply, timings };
}

function runIsolate(request: IsolateRequest): Promise<IsolateReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./isolateWorker.js', import.meta.url), { workerData: request });
    let reply: IsolateReply | undefined;
    worker.once('message', (message: IsolateReply) => (reply = message));
    worker.once('error', reject);
    // Settled when the engine is gone, so the next one never runs beside it.
    worker.once('exit', (code) => (reply ? resolve(reply) : reject(new Error(`bench isolate ended (exit ${code}) without timings`))));
  });
}

function medianAcross(arrays: readonly Float64Array[]): Float64Array {
  const result = new Float64Array(arrays[0]!.length);
  const column = new Array<number>(arrays.length);
  for (let i = 0; i < result.length; i++) {
    for (let k = 0; k < arrays.length; k++) column[k] = arrays[k]![i]!;
    result[i] = median(column);
  }
  return result;
}

function concatenated(arrays: readonly Float64Array[]): Float64Array {
  const result = new Float64Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    result.set(a, at);
    at += a.length;
  }
  return result;
}
