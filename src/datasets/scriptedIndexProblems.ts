import { APPEND_INDEX } from '../domain/correctionProtocol.js';
import { MAX_BATCH_SIZE } from '../domain/draftBatch.js';
import { classifyLocal } from '../domain/localIntent.js';
import { parseOffline } from '../domain/offlineParser.js';
import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import { TTS_TEMPLATES } from '../domain/ttsTemplates.js';
import type { Problem } from './schemaProblems.js';
import type { Segment } from './yamlSource.js';

/**
 * A scripted correction whose index lies outside the batch the same dialogue's script produced
 * (seed 002 decision 8's range, over the pending items renumbered from 0, seed 001). The batch is
 * followed from the script alone, with the domain's own rules for what a line does while
 * CONFIRMING: the scripted parse opens it (at most 10 items), the local rules' 第N笔确认/取消
 * resolve an item by its original number, a scripted append adds one (when its confidence passes
 * the floor), and a confirm, cancel or exit ends it. Wherever the script does not determine the
 * batch (a model or the local rules answer, a timeout, a raw answer, a clock advance, continue
 * recording) nothing is checked until an expectation says the batch is gone (state LISTENING or
 * IDLE, `batch: null`). An index a turn expects to be refused (failure invalid, outcome unclear,
 * the call correct:invalid, or the 「没听清」 line) is deliberate and stays allowed.
 */
export function scriptedIndexProblems(dialogue: Record<string, unknown>, path: readonly Segment[]): Problem[] {
  const turns = dialogue['turns'];
  if (!Array.isArray(turns) || !turns.some(hasScriptedCorrection)) return [];
  const problems: Problem[] = [];
  let batch: Batch = NO_BATCH;
  turns.forEach((turn: unknown, j) => {
    if (!isRecord(turn)) return;
    const online = (turn['network'] ?? dialogue['network'] ?? 'online') === 'online';
    batch = afterExpectations(turn, nextBatch(batch, turn, online, [...path, 'turns', j], problems));
  });
  return problems;
}

/** No batch (IDLE or LISTENING), the batch's item statuses with where it was opened, or not known. */
type Batch = null | { readonly pending: readonly boolean[]; readonly openedAt: number } | 'unknown';
const NO_BATCH: Batch = null;

function nextBatch(batch: Batch, turn: Record<string, unknown>, online: boolean, at: readonly Segment[], problems: Problem[]): Batch {
  if ('advanceMs' in turn || 'dispose' in turn || 'disposeAfterMs' in turn || 'store' in turn) return 'unknown';
  if (batch === 'unknown') return batch;
  const llm = isRecord(turn['llm']) ? turn['llm'] : {};
  if ('tap' in turn) return batch === null ? null : 'unknown';
  const text = turn['user'];
  if (typeof text !== 'string') return 'unknown';
  const intent = classifyLocal(text.trim());
  if (batch === null) return opened(text, intent.kind, llm, online, at);
  switch (intent.kind) {
    case 'confirm':
    case 'cancel':
    case 'exit':
      return null;
    case 'continueRecording':
      return 'unknown';
    case 'confirmItem':
    case 'cancelItem': {
      if (batch.pending[intent.index] !== true) return batch;
      const pending = batch.pending.map((p, i) => p && i !== intent.index);
      return pending.some(Boolean) ? { ...batch, pending } : null;
    }
    default:
      return online ? corrected(batch, llm, at, turn, problems) : 'unknown';
  }
}

/** A line with no batch: 「退出」 ends the session, anything else is parsed. */
function opened(text: string, kind: string, llm: Record<string, unknown>, online: boolean, at: readonly Segment[]): Batch {
  if (kind === 'exit') return null;
  const line = Number(at[at.length - 1]);
  if (!online) return parseOffline(text) ? { pending: [true], openedAt: line } : null;
  const parse = llm['parse'];
  if (!isRecord(parse) || !inTime(llm, DEFAULT_CONFIG.parseTimeoutMs) || !Array.isArray(parse['transactions'])) return 'unknown';
  const count = Math.min(parse['transactions'].length, MAX_BATCH_SIZE);
  return count === 0 ? null : { pending: Array<boolean>(count).fill(true), openedAt: line };
}

function corrected(
  batch: Exclude<Batch, null | 'unknown'>,
  llm: Record<string, unknown>,
  at: readonly Segment[],
  turn: Record<string, unknown>,
  problems: Problem[],
): Batch {
  const answer = llm['correct'];
  if ('raw' in llm || llm['fault'] === 'timeout' || !inTime(llm, DEFAULT_CONFIG.correctionTimeoutMs)) return 'unknown';
  if (llm['fault'] === 'error') return batch;
  if (!isRecord(answer)) return 'unknown';
  const corrections = Array.isArray(answer['corrections']) ? answer['corrections'] : [];
  const pendingCount = batch.pending.filter(Boolean).length;
  switch (answer['intent']) {
    case 'correction': {
      corrections.forEach((correction: unknown, k) => {
        const index = isRecord(correction) ? correction['index'] : undefined;
        if (typeof index !== 'number' || (index >= 0 && index < pendingCount) || expectsRefusal(turn)) return;
        const where = [...at, 'llm', 'correct', 'corrections', k, 'index'];
        problems.push({ path: where, message: outOfRange(index, pendingCount, batch) });
      });
      return batch;
    }
    case 'append': {
      const confidence = typeof answer['confidence'] === 'number' ? answer['confidence'] : 0;
      if (confidence < DEFAULT_CONFIG.confidenceFloor || batch.pending.length >= MAX_BATCH_SIZE) return batch;
      return { ...batch, pending: [...batch.pending, true] };
    }
    case 'confirm':
    case 'cancel': {
      const confidence = typeof answer['confidence'] === 'number' ? answer['confidence'] : 0;
      return confidence < DEFAULT_CONFIG.confidenceFloor ? batch : null;
    }
    default:
      return batch;
  }
}

function outOfRange(index: number, pendingCount: number, batch: Exclude<Batch, null | 'unknown'>): string {
  const resolved = batch.pending.length - pendingCount;
  const made = `the batch opened at turns[${batch.openedAt}] has ${batch.pending.length} item(s)`;
  const pendingNote = resolved > 0 ? `, ${resolved} of them no longer pending` : '';
  const range = pendingCount === 1 ? 'only 0' : `0 to ${pendingCount - 1}`;
  const appendHint = index === APPEND_INDEX ? '; -1 is the index of an append (intent: append)' : '';
  return (
    `index ${index} is outside the batch: ${made}${pendingNote}, so the request sends ${pendingCount} pending item(s) ` +
    `numbered ${range} (an index counts pending items only${appendHint}). If the refusal is meant, expect it (failure: invalid)`
  );
}

/** The turn says the answer is refused: the index is out of range on purpose. */
function expectsRefusal(turn: Record<string, unknown>): boolean {
  const expect = isRecord(turn['expect']) ? turn['expect'] : {};
  const spoken = [expect['tts'], expect['ttsIncludes']].flatMap((lines): unknown[] => (Array.isArray(lines) ? (lines as unknown[]) : []));
  const calls = Array.isArray(expect['llmCalls']) ? expect['llmCalls'] : [];
  return (
    expect['failure'] === 'invalid' ||
    expect['outcome'] === 'unclear' ||
    calls.includes('correct:invalid') ||
    spoken.some((line) => typeof line === 'string' && line.includes(TTS_TEMPLATES.unclear))
  );
}

/** A turn's expectations that the batch is gone bring a dialogue the script lost track of back. */
function afterExpectations(turn: Record<string, unknown>, batch: Batch): Batch {
  const expect = isRecord(turn['expect']) ? turn['expect'] : {};
  const gone = expect['batch'] === null || expect['state'] === 'LISTENING' || expect['state'] === 'IDLE';
  return gone ? null : batch;
}

function inTime(llm: Record<string, unknown>, deadlineMs: number): boolean {
  const latency = llm['latencyMs'];
  return typeof latency !== 'number' || latency <= deadlineMs;
}

function hasScriptedCorrection(turn: unknown): boolean {
  return isRecord(turn) && isRecord(turn['llm']) && isRecord(turn['llm']['correct']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
