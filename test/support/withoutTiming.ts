/** A report without what a clock or the checkout measured: latencies, timestamps, wall time, timing and provenance blocks. */
export function withoutTiming(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTiming);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/latency|Ms$|Us$|^startedAt$|^finishedAt$|^timing$|^provenance$|^llmMs$|^firstTtsMs$/i.test(key))
      .map(([key, field]) => [key, withoutTiming(field)]),
  );
}
