import { assistantTurn, conversationTransaction, type ConversationReply } from '../conversationProtocol.js';
import { buildCorrectionRequest } from '../correctionProtocol.js';
import { confirmAll, createBatch, updateItem } from '../draftBatch.js';
import { classifyLocal } from '../localIntent.js';
import { correctOffline } from '../offlineCorrector.js';
import { parseOffline } from '../offlineParser.js';
import { parseResult, sanitizePatch, type ParseResult } from '../parseResult.js';
import * as session from '../session.js';
import { describeBatch, describeCorrections, say } from '../speech.js';
import type { SessionTx, Tx } from '../transitionTable.js';
import type { Route } from '../vocabulary.js';
import type { ConversationEffect, ConversationEvent, ConversationState } from './conversationTypes.js';

/** The seed-004 arm's actions, named in its transition table; the session mechanics are shared. */

type ConvTx = Tx<ConversationState, ConversationEffect>;
type EventOf<T extends ConversationEvent['type']> = Extract<ConversationEvent, { type: T }>;
const { emit, speak, routed, set } = session;

export const shared = session.sessionActions<ConversationState>(clear, parseLocally);

// ── the first utterance: the parse endpoint, first transaction only ───────

export function openFirstParsed(tx: ConvTx, event: EventOf<'parseSucceeded'>): void {
  const call = session.finishCall(tx);
  routed(tx, 'llm');
  const first = event.transactions[0];
  if (!first) return speak(tx, say('parseFailed'));
  openTransaction(tx, call.text, first);
}

function parseLocally(tx: SessionTx<ConversationState>, text: string): void {
  const result = parseOffline(text);
  if (!result) return speak(tx, say('parseFailed'));
  openTransaction(tx, text, result);
}

/** `_parseAndDeliver`: the result becomes the transaction under confirmation, with a fresh history. */
function openTransaction(tx: SessionTx<ConversationState>, text: string, result: ParseResult): void {
  const batch = createBatch([result], tx.now);
  tx.state = { ...tx.state, phase: 'CONFIRMING', batch, history: [] };
  speak(tx, describeBatch(batch));
  emit(tx, { type: 'notify', callback: 'onFinalText', text, batch });
}

// ── CONFIRMING: local intents, then the multi-turn conversation endpoint ──

/** Seed 004 交易确认与保存: confirm/cancel/exit/continue locally, correction/newInput to the conversation. */
export function routeConfirmingLine(tx: ConvTx, event: EventOf<'userText'>): void {
  const text = event.text.trim();
  session.armInactivity(tx);
  const intent = classifyLocal(text);
  emit(tx, { type: 'classified', intent });
  if (intent.kind === 'correction' || intent.kind === 'newInput') return startConversation(tx, text);
  routed(tx, 'local');
  switch (intent.kind) {
    case 'confirm':
      return save(tx, false);
    case 'cancel':
      return cancel(tx);
    case 'exit':
      return session.endSession(tx, 'exit', clear);
    case 'continueRecording':
      return save(tx, true);
    case 'confirmItem':
    case 'cancelItem':
      // There is only the one transaction: 「确认第一笔」 is a confirm, 「删掉第三笔」 names nothing.
      if (intent.index !== 0) return speak(tx, say('noSuchItem', { n: intent.index + 1 }));
      return intent.kind === 'confirmItem' ? save(tx, false) : cancel(tx);
  }
}

export function applyTap(tx: ConvTx, event: EventOf<'tap'>): void {
  session.armInactivity(tx);
  if (event.action === 'confirm') save(tx, false);
  else cancel(tx);
}

function startConversation(tx: ConvTx, text: string): void {
  if (!tx.state.online) {
    routed(tx, 'offline');
    return correctLocally(tx, text, 'offline');
  }
  const history = tx.state.history;
  const id = session.nextId(tx);
  const deadlineMs = tx.state.config.correctionTimeoutMs;
  tx.state = { ...tx.state, history: [...history, { role: 'user', content: text }] };
  const current = conversationTransaction(transaction(tx));
  tx.effects.push({ type: 'callConverse', id, history, current, text, deadlineMs });
  session.awaitCall(tx, { kind: 'converse', id, text }, 'AWAITING_CORRECTION', deadlineMs);
}

/** Seed 004 LLM 返回 correct / parse / clarify / query action. */
export function applyConversationAnswer(tx: ConvTx, event: EventOf<'conversationSucceeded'>): void {
  const call = session.finishCall(tx);
  const reply = event.response;
  switch (reply.action) {
    case 'correct': {
      routed(tx, 'llm', { outcome: 'applied', mapping: [{ sentIndex: 0, originalIndex: 0 }] });
      const batch = updateItem(session.currentBatch(tx), 0, sanitizePatch(reply.transaction ?? {}), 'llm');
      tx.state = { ...tx.state, batch, history: [...tx.state.history, assistantTurn(reply)] };
      tx.effects.push({ type: 'notify', callback: 'onParseResultUpdated', result: transaction(tx) });
      return speak(tx, describeCorrections(batch.items));
    }
    case 'parse':
      routed(tx, 'llm', { outcome: 'reparsed' });
      return openTransaction(tx, call.text, parseResult({ amount: null, ...sanitizePatch(reply.transaction ?? {}) }));
    case 'clarify':
      routed(tx, 'llm', { outcome: 'clarify' });
      rememberAnswer(tx, reply);
      return speak(tx, reply.message ?? say('unclear'));
    case 'query':
      // The seed names no history change for a query: only the notice.
      routed(tx, 'llm', { outcome: 'query' });
      return speak(tx, say('queryComingSoon'));
  }
}

/** Seed 004 LLM调用失败降级: the local rules take over. */
export function correctLocallyAfterFailure(tx: ConvTx, event: EventOf<'conversationFailed'>): void {
  const call = session.finishCall(tx);
  routed(tx, 'fallback', { failure: event.reason });
  correctLocally(tx, call.text, 'fallback');
}

export function correctLocallyAfterDeadline(tx: ConvTx, event: EventOf<'timerFired'>): void {
  emit(tx, { type: 'abortCall', id: event.id });
  const call = session.finishCall(tx);
  routed(tx, 'fallback', { failure: 'timeout' });
  correctLocally(tx, call.text, 'fallback');
}

/** Seed 004 离线纠正降级到本地 (applyCorrection); when it cannot help, onInterimText shows the line. */
function correctLocally(tx: ConvTx, text: string, route: Route): void {
  const before = session.currentBatch(tx);
  const response = correctOffline(buildCorrectionRequest(before, text).request);
  const patch = response.intent === 'correction' ? response.corrections.find((c) => c.index === 0)?.updatedFields : undefined;
  if (!patch) {
    routed(tx, route, { outcome: 'unclear' });
    tx.effects.push({ type: 'notify', callback: 'onInterimText', text });
    return speak(tx, say('unclear'));
  }
  routed(tx, route, { outcome: 'applied', mapping: [{ sentIndex: 0, originalIndex: 0 }] });
  const batch = updateItem(before, 0, sanitizePatch(patch), 'local');
  set(tx, { batch });
  const result = transaction(tx);
  if (!sameFields(result, before.items[0]!.result)) tx.effects.push({ type: 'notify', callback: 'onParseResultUpdated', result });
  speak(tx, describeCorrections(batch.items));
}

function rememberAnswer(tx: ConvTx, reply: ConversationReply): void {
  tx.state = { ...tx.state, history: [...tx.state.history, assistantTurn(reply)] };
}

// ── saving and clearing ───────────────────────────────────────────────────

/** Seed 004 确认保存 and 连续记账: both save the current transaction first. */
function save(tx: ConvTx, thenContinue: boolean): void {
  const batchBefore = session.currentBatch(tx);
  set(tx, { batch: confirmAll(batchBefore) });
  session.startSave(tx, batchBefore, [batchBefore.items[0]!.result], thenContinue);
}

function cancel(tx: ConvTx): void {
  speak(tx, say('cancelled'));
  clear(tx, 'LISTENING');
}

/** The transaction and the conversation history always go together (清空对话历史). */
function clear(tx: SessionTx<ConversationState>, phase: 'LISTENING' | 'IDLE'): void {
  tx.state = { ...tx.state, batch: null, history: [], phase };
}

function transaction(tx: SessionTx<ConversationState>): ParseResult {
  return session.currentBatch(tx).items[0]!.result;
}

function sameFields(a: ParseResult, b: ParseResult): boolean {
  return (
    a.amount === b.amount && a.type === b.type && a.category === b.category && a.description === b.description && a.date === b.date && a.account === b.account
  );
}
