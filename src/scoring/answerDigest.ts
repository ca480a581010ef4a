/**
 * A short digest of each model call (report.json `dialogues[].answerDigests`), so a later run can
 * tell which calls the model answered as before: an edit the model ignored shows as answers that
 * did not change. Answers are normalised first (JSON by value with its keys sorted, other text with
 * its whitespace collapsed), so a re-spacing is not a change; a call that got no answer is digested
 * by its outcome (`timeout`, `error`).
 */
import { hash } from 'node:crypto';
import type { TracedLlmCall } from '../sim/trace.js';
import type { CallDigest } from './results.js';

/** Hex digits kept of each sha256: 48 bits, as many as `promptLines` keeps. */
const DIGEST_HEX = 12;

export function callDigest(turn: number, call: TracedLlmCall): CallDigest {
  const answer = call.responseText === null ? `no answer: ${call.outcome}` : normalisedText(call.responseText);
  return { turn, endpoint: call.endpoint, request: digest(canonicalJson(call.request)), answer: digest(answer) };
}

function normalisedText(text: string): string {
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return text.trim().replace(/\s+/g, ' ');
  }
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** One-shot hash, hex of the first bytes only (every model call of a run takes two). */
function digest(text: string): string {
  return hash('sha256', text, 'buffer').toString('hex', 0, DIGEST_HEX / 2);
}
