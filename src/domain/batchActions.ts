import { buildCorrectionRequest, mapCorrectionsBack, validateCorrection, type CorrectionResponse, type RenumberedBatch } from './correctionProtocol.js';
import {
  MAX_BATCH_SIZE,
  allResolved,
  appendItem,
  cancelItem,
  confirmAll,
  confirmItem,
  confirmedItems,
  counts,
  createBatch,
  findItem,
  updateItem,
  type DraftBatch,
} from './draftBatch.js';
import { classifyLocal } from './localIntent.js';
import { correctOffline } from './offlineCorrector.js';
import { countTransactionMentions, parseOffline } from './offlineParser.js';
import type { Effect, OrchestratorEvent, OrchestratorState } from './orchestratorTypes.js';
import { parseResult, sanitizePatch, type ParseResult } from './parseResult.js';
import * as session from './session.js';
import {
  describeAppended,
  describeBatch,
  describeCorrections,
  describeItemAlreadyResolved,
  describeItemCancelled,
  describeItemConfirmed,
  describeTruncation,
  say,
} from './speech.js';
import type { SessionTx, Tx } from './transitionTable.js';
import type { LlmFailure, Route } from './vocabulary.js';

/** The batch orchestrator's actions (seeds 000-003), named in its transition table. */

type BatchTx = Tx<OrchestratorState, Effect>;
type EventOf<T extends OrchestratorEvent['type']> = Extract<OrchestratorEvent, { type: T }>;
const { emit, speak, routed, set } = session;

// ── session entries ───────────────────────────────────────────────────────

export const shared = session.sessionActions<OrchestratorState>(clear, parseLocally);

// ── a new utterance ───────────────────────────────────────────────────────

/** Seed 000 多笔识别 / 交易顺序保持, with the cap of 10 (超过 10 笔时截取前 10 笔并提示). */
export function openBatchFromParse(tx: BatchTx, event: EventOf<'parseSucceeded'>): void {
  const call = session.finishCall(tx);
  routed(tx, 'llm');
  if (event.transactions.length === 0) return speak(tx, say('parseFailed'));
  if (event.transactions.length > MAX_BATCH_SIZE) speak(tx, describeTruncation());
  openBatch(tx, call.text, event.transactions.slice(0, MAX_BATCH_SIZE));
}

/** Seed 000 离线降级为单笔: only the local parser, one transaction at most. */
function parseLocally(tx: SessionTx<OrchestratorState>, text: string): void {
  const result = parseOffline(text);
  if (countTransactionMentions(text) > 1) speak(tx, say(tx.state.online ? 'fallbackSingleOnly' : 'offlineSingleOnly'));
  if (!result) return speak(tx, say('parseFailed'));
  openBatch(tx, text, [result]);
}

function openBatch(tx: SessionTx<OrchestratorState>, text: string, results: readonly ParseResult[]): void {
  const batch = createBatch(results, tx.now);
  set(tx, { phase: 'CONFIRMING', batch });
  speak(tx, describeBatch(batch));
  emit(tx, { type: 'notify', callback: 'onFinalText', text, batch });
}

// ── CONFIRMING: Layer 1, then Layer 2 ─────────────────────────────────────

/** Seed 001 交易确认与保存: the mixed routing of a user line while CONFIRMING. */
export function routeConfirmingLine(tx: BatchTx, event: EventOf<'userText'>): void {
  const text = event.text.trim();
  session.armInactivity(tx);
  const batch = session.currentBatch(tx);
  const intent = classifyLocal(text);
  emit(tx, { type: 'classified', intent });
  if (intent.kind === 'correction' || intent.kind === 'newInput') return startCorrection(tx, batch, text);
  routed(tx, 'local');
  switch (intent.kind) {
    case 'confirm':
      return resolveWith(tx, batch, confirmAll(batch));
    case 'cancel':
      return cancelBatch(tx);
    case 'exit':
      return session.endSession(tx, 'exit', clear);
    case 'continueRecording':
      return continueRecording(tx, batch);
    case 'confirmItem':
    case 'cancelItem':
      return resolveOneItem(tx, batch, intent.kind, intent.index);
  }
}

function resolveOneItem(tx: BatchTx, batch: DraftBatch, kind: 'confirmItem' | 'cancelItem', index: number): void {
  const item = findItem(batch, index);
  if (!item) return speak(tx, say('noSuchItem', { n: index + 1 }));
  if (item.status !== 'pending') return speak(tx, describeItemAlreadyResolved(item, counts(batch).pending));
  const next = kind === 'confirmItem' ? confirmItem(batch, index) : cancelItem(batch, index);
  if (allResolved(next)) return resolveWith(tx, batch, next);
  showBatch(tx, next);
  const pending = counts(next).pending;
  const changed = findItem(next, index)!;
  speak(tx, kind === 'confirmItem' ? describeItemConfirmed(changed, pending) : describeItemCancelled(changed, pending));
}

export function applyTap(tx: BatchTx, event: EventOf<'tap'>): void {
  session.armInactivity(tx);
  const batch = session.currentBatch(tx);
  if (event.action === 'confirm') resolveWith(tx, batch, confirmAll(batch));
  else cancelBatch(tx);
}

/** Seed 003 LLM 处理期间播放 TTS 填充, then the correction endpoint (online) or the local rules (offline). */
function startCorrection(tx: BatchTx, batch: DraftBatch, text: string): void {
  speak(tx, say('loading'));
  const sent = buildCorrectionRequest(batch, text);
  if (!tx.state.online) {
    routed(tx, 'offline');
    speak(tx, say('offlineCorrection'));
    return applyResponse(tx, correctOffline(sent.request), sent, 'offline');
  }
  const id = session.nextId(tx);
  const deadlineMs = tx.state.config.correctionTimeoutMs;
  tx.effects.push({ type: 'callCorrect', id, request: sent.request, deadlineMs });
  session.awaitCall(tx, { kind: 'correct', id, text, sent }, 'AWAITING_CORRECTION', deadlineMs);
}

// ── the correction answer ─────────────────────────────────────────────────

export function applyCorrectionAnswer(tx: BatchTx, event: EventOf<'correctionSucceeded'>): void {
  const sent = awaitedCorrection(tx);
  if (validateCorrection(event.response, sent.originalIndexOf.length)) return keepBatchAsUnclear(tx, 'invalid');
  session.finishCall(tx);
  applyResponse(tx, event.response, sent, 'llm');
}

/**
 * A correction answered with an error or unusable output keeps the batch and asks again (seed 001
 * 纠正失败保持原结果, seed 002 decision 8); only a timeout falls back to the local rules.
 */
export function handleCorrectionFailure(tx: BatchTx, event: EventOf<'correctionFailed'>): void {
  if (event.reason === 'timeout') return correctLocallyAfterTimeout(tx);
  keepBatchAsUnclear(tx, event.reason);
}

/** Seed 003 LLM 纠正超时降级: the call is aborted and the local rules correct the batch. */
export function correctLocallyAfterDeadline(tx: BatchTx, event: EventOf<'timerFired'>): void {
  emit(tx, { type: 'abortCall', id: event.id });
  correctLocallyAfterTimeout(tx);
}

function correctLocallyAfterTimeout(tx: BatchTx): void {
  const sent = awaitedCorrection(tx);
  session.finishCall(tx);
  routed(tx, 'fallback', { failure: 'timeout' });
  applyResponse(tx, correctOffline(sent.request), sent, 'fallback');
}

function keepBatchAsUnclear(tx: BatchTx, failure: LlmFailure): void {
  session.finishCall(tx);
  routed(tx, 'llm', { failure, outcome: 'unclear' });
  speak(tx, say('unclear'));
}

function awaitedCorrection(tx: BatchTx): RenumberedBatch {
  const call = tx.state.inFlight;
  if (call?.kind !== 'correct' || !call.sent) throw new Error(`no correction is awaited in phase ${tx.state.phase}`);
  return call.sent;
}

/** The layer whose answer changes an item: the model's on the llm route, else the local rules' (fallback, offline). */
function sourceOf(route: Route): ParseResult['source'] {
  return route === 'llm' ? 'llm' : 'local';
}

/** Seed 003 LLM 对话式纠正协议: the intent is a second opinion, gated by the confidence floor. */
function applyResponse(tx: BatchTx, response: CorrectionResponse, sent: RenumberedBatch, route: Route): void {
  const batch = session.currentBatch(tx);
  if (route === 'llm' && response.confidence < tx.state.config.confidenceFloor) {
    routed(tx, route, { outcome: 'lowConfidence' });
    return speak(tx, say('unclear'));
  }
  switch (response.intent) {
    case 'correction':
      return applyCorrections(tx, batch, response, sent, route);
    case 'confirm':
      routed(tx, route, { outcome: 'confirm' });
      return resolveWith(tx, batch, confirmAll(batch));
    case 'cancel':
      routed(tx, route, { outcome: 'cancel' });
      return cancelBatch(tx);
    case 'append':
      return appendFromAnswer(tx, batch, response, route);
    case 'unclear':
      routed(tx, route, { outcome: 'unclear' });
      return speak(tx, say('unclear'));
  }
}

/** Seed 001 纠正时 pending items 过滤与 index 重编号: sent indices map back to the original items. */
function applyCorrections(tx: BatchTx, batch: DraftBatch, response: CorrectionResponse, sent: RenumberedBatch, route: Route): void {
  if (response.corrections.length === 0) {
    routed(tx, route, { outcome: 'emptyCorrections' });
    return speak(tx, say('unclear'));
  }
  const mapping = mapCorrectionsBack(response.corrections, sent.originalIndexOf);
  let next = batch;
  for (const { originalIndex, updatedFields } of mapping) next = updateItem(next, originalIndex, sanitizePatch(updatedFields), sourceOf(route));
  routed(tx, route, { outcome: 'applied', mapping: mapping.map(({ sentIndex, originalIndex }) => ({ sentIndex, originalIndex })) });
  showBatch(tx, next);
  const touched = [...new Set(mapping.map((m) => m.originalIndex))].map((index) => findItem(next, index)!);
  speak(tx, describeCorrections(touched));
}

/** Seed 000 CONFIRMING 态追加新笔 / 超限拒绝追加. */
function appendFromAnswer(tx: BatchTx, batch: DraftBatch, response: CorrectionResponse, route: Route): void {
  const fields = sanitizePatch(response.corrections[0]?.updatedFields ?? {});
  const appended = appendItem(batch, parseResult({ amount: null, confidence: response.confidence, source: sourceOf(route), ...fields }));
  if (!appended) {
    routed(tx, route, { outcome: 'appendRefused' });
    return speak(tx, say('limitReached'));
  }
  routed(tx, route, { outcome: 'append' });
  showBatch(tx, appended);
  speak(tx, describeAppended(appended.items[appended.items.length - 1]!, appended.items.length));
}

// ── resolving, saving and clearing ────────────────────────────────────────

/** Applies an operation's result; when nothing is pending any more, commits (seed 000 自动提交触发). */
function resolveWith(tx: BatchTx, before: DraftBatch, after: DraftBatch): void {
  if (!allResolved(after)) return set(tx, { batch: after });
  const confirmed = confirmedItems(after);
  if (confirmed.length === 0) return cancelBatch(tx);
  set(tx, { batch: after });
  session.startSave(
    tx,
    before,
    confirmed.map((item) => item.result),
    false,
  );
}

/** Seed 001 连续记账: save the confirmed items first, then listen again. */
function continueRecording(tx: BatchTx, batch: DraftBatch): void {
  const confirmed = confirmedItems(batch);
  if (confirmed.length > 0)
    return session.startSave(
      tx,
      batch,
      confirmed.map((item) => item.result),
      true,
    );
  clear(tx, 'LISTENING');
  emit(tx, { type: 'notify', callback: 'onContinueRecording' });
}

function cancelBatch(tx: BatchTx): void {
  speak(tx, say('cancelled'));
  clear(tx, 'LISTENING');
}

/** Seed 001 纠正更新通知: every change of the batch is shown on the card. */
function showBatch(tx: BatchTx, batch: DraftBatch): void {
  set(tx, { batch });
  emit(tx, { type: 'notify', callback: 'onDraftBatchUpdated', batch });
}

/** Seed 000 上下文清空规则: the only way the batch becomes null. */
function clear(tx: SessionTx<OrchestratorState>, phase: 'LISTENING' | 'IDLE'): void {
  const hadBatch = tx.state.batch !== null;
  set(tx, { batch: null, phase });
  if (hadBatch) emit(tx, { type: 'notify', callback: 'onDraftBatchUpdated', batch: null });
}
