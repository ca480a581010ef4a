/** Longest wait a server may ask for: past it the caller's own back-off applies. */
export const MAX_RETRY_AFTER_MS = 60_000;

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * How long a rate-limited (429) or unavailable (503) answer asks the client to wait: the
 * `retry-after-ms` header, else `retry-after` in seconds or as an HTTP date. Null when the
 * headers say nothing usable, or ask for more than MAX_RETRY_AFTER_MS.
 */
export function retryAfterMs(headers: HeaderSource | undefined | null, now = Date.now()): number | null {
  if (!headers || typeof headers.get !== 'function') return null;
  const millis = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(millis) && millis >= 0) return within(millis);
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(?:\.\d+)?$/.test(value)) return within(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : within(Math.max(0, date - now));
}

function within(ms: number): number | null {
  return ms <= MAX_RETRY_AFTER_MS ? Math.ceil(ms) : null;
}

/** The wait before the next attempt: what the server asked for, else the caller's back-off. */
export function retryDelayMs(error: unknown, backoffMs: number): number {
  const headers = (error as { headers?: HeaderSource } | null)?.headers;
  return retryAfterMs(headers) ?? backoffMs;
}
