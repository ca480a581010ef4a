import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap in use past which a long run collects at once: a run's live data is a few tens of MB. */
const BUDGET_BYTES = 64 * 1024 * 1024;
/** Calls (dialogues run, records read) between looks at the heap. */
const CHECK_EVERY = 500;

/**
 * A check to call once per unit of work (a dialogue run, a record read back): keeps a long run's
 * peak memory near its live data. V8 collects lazily: with a few tens of MB
 * live, a run of 10⁵ dialogues let its heap grow to ~5× that before a full collection, and the
 * process's peak resident size followed. Past the budget the run asks for a full collection
 * (about 20 ms at this live size, every few seconds of work), so peak memory stays flat in the
 * run's length. The collector is reached through a fresh context once `--expose-gc` is set:
 * the process's own globals are not touched.
 */
export function heapBudget(): () => void {
  let collect: (() => void) | null = null;
  let seen = 0;
  let threshold = BUDGET_BYTES;
  return () => {
    if (++seen % CHECK_EVERY !== 0 || getHeapStatistics().used_heap_size < threshold) return;
    if (!collect) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
    collect();
    // Live data near the budget would be collected again every few calls: then the heap may grow by half of it first.
    const live = getHeapStatistics().used_heap_size;
    threshold = live > BUDGET_BYTES * 0.75 ? live * 1.5 : BUDGET_BYTES;
  };
}
