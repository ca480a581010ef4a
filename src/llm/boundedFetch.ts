/**
 * A model's HTTP answer is read at most this far. A chat answer is a few KiB; up to this size an
 * answer whose content is over the gateway's 64 KiB is still read and counted as malformed (as a
 * 3 MB one always was); past it, reading stops and the call fails as an error.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

export interface AnswerLimits {
  readonly maxBytes: number;
  /** Wall time from the request to the answer's last byte. */
  readonly maxMs: number;
}

/**
 * `fetch` for the openai SDK that stops reading an answer past `maxBytes` or `maxMs`, so a
 * hostile or broken server (a 200 MB body, an endless chunked stream) costs at most that much
 * memory and time: the SDK would otherwise read the whole body before any check of ours.
 */
export function boundedFetch(limits: AnswerLimits, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const started = performance.now();
    const response = await inner(input, init);
    if (!response.body) return response;
    // The error comes from reading the body, as a broken stream's would: thrown from fetch itself,
    // the SDK would take it for a connection error and retry.
    const declared = Number(response.headers.get('content-length'));
    const body =
      declared > limits.maxBytes
        ? refusedBody(response.body, new AnswerTooLargeError(`the answer is ${declared} bytes, more than the ${limits.maxBytes} read`))
        : limitedBody(response.body, limits, performance.now() - started);
    const bounded = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}

function refusedBody(body: ReadableStream<Uint8Array>, error: Error): ReadableStream<Uint8Array> {
  body.cancel(error).catch(() => undefined);
  return new ReadableStream<Uint8Array>({ start: (controller) => controller.error(error) });
}

function limitedBody(body: ReadableStream<Uint8Array>, limits: AnswerLimits, spentMs: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = (controller: ReadableStreamDefaultController<Uint8Array>, error: Error) => {
    clearTimeout(timer);
    controller.error(error);
    reader.cancel(error).catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const left = Math.max(0, limits.maxMs - spentMs);
      timer = setTimeout(() => stop(controller, new AnswerTooLargeError(`the answer was not read to its end within ${limits.maxMs} ms`)), left);
      timer.unref();
    },
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        clearTimeout(timer);
        throw error;
      }
      if (chunk.done) {
        clearTimeout(timer);
        controller.close();
        return;
      }
      received += chunk.value.byteLength;
      if (received > limits.maxBytes) return stop(controller, new AnswerTooLargeError(`the answer is more than ${limits.maxBytes} bytes; read no further`));
      try {
        controller.enqueue(chunk.value);
      } catch {
        // errored by the timer meanwhile
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
}
