/**
 * Runs `task` over `items` with up to `width` tasks in flight and yields the results in the
 * order of `items`. A task that finishes starts the next one at once (no waves waiting for their
 * slowest); results that finish ahead of an earlier one wait in a window of at most `window`
 * started-but-not-yielded items, so a stalled item bounds memory instead of letting it grow.
 * Items are pulled from the iterable only as slots open, so a streamed dataset stays streamed.
 * A task that throws rejects the stream once the earlier results are yielded; no new task starts.
 */
export async function* orderedPool<T, R>(
  items: Iterable<T>,
  task: (item: T) => Promise<R>,
  options: { readonly width: number | (() => number); readonly window?: number },
): AsyncGenerator<R> {
  // A function is asked again before each start: a rate-limited backend may narrow it (sim/adaptiveWidth.ts).
  const asked = typeof options.width === 'function' ? options.width : () => options.width as number;
  const widthNow = (): number => Math.max(1, Math.floor(asked()));
  const startWidth = widthNow();
  const window = Math.max(startWidth, options.window ?? startWidth * 4);
  const source = items[Symbol.iterator]();
  const pending: Promise<R>[] = [];
  let running = 0;
  let exhausted = false;
  let wake: (() => void) | null = null;

  const settle = (): void => {
    running--;
    wake?.();
  };
  const fill = (): void => {
    while (!exhausted && running < widthNow() && pending.length < window) {
      const next = source.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      running++;
      const started = task(next.value);
      started.then(settle, settle);
      pending.push(started);
    }
  };

  try {
    fill();
    while (pending.length > 0) {
      const head = pending[0]!;
      // While the head is outstanding, keep refilling the slots that later items free.
      let headDone = false;
      head.then(
        () => (headDone = true),
        () => (headDone = true),
      );
      while (!headDone) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          head.then(
            () => resolve(),
            () => resolve(),
          );
        });
        wake = null;
        // A head that is done is handed over first, so its consumer (the sequential gate) sees it before the next task starts.
        if (!headDone) fill();
      }
      void pending.shift();
      yield await head;
      fill();
    }
  } finally {
    // An abandoned stream (a consumer that stopped, a task that threw) starts nothing more;
    // tasks already running finish on their own and their results are dropped.
    exhausted = true;
    for (const left of pending) left.catch(() => undefined);
    source.return?.();
  }
}
