import { isAwaited, isCurrentInactivityTimer } from '../session.js';
import { DEFAULT_CONFIG, type CoreTransition, type OrchestratorConfig } from '../sessionTypes.js';
import { runTable, type TransitionTable } from '../transitionTable.js';
import * as act from './conversationActions.js';
import type { ConversationEffect, ConversationEvent, ConversationState } from './conversationTypes.js';

export type { ConversationEffect, ConversationEvent, ConversationState } from './conversationTypes.js';

/**
 * Seed 004's single-transaction conversational protocol as its own transition table, built from
 * the same session actions as the batch orchestrator. AWAITING_CORRECTION waits for the
 * conversation endpoint here; the batch correction events are not accepted in any phase.
 */
export const CONVERSATION_TRANSITIONS: TransitionTable<ConversationState, ConversationEvent, ConversationEffect> = {
  IDLE: {
    start: { do: act.shared.startListening, to: ['LISTENING'] },
    userText: { do: act.shared.hearUtterance, to: ['AWAITING_PARSE', 'CONFIRMING', 'LISTENING', 'IDLE'] },
    connectivity: { do: act.shared.setConnectivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  LISTENING: {
    userText: { do: act.shared.hearUtterance, to: ['AWAITING_PARSE', 'CONFIRMING', 'LISTENING', 'IDLE'] },
    connectivity: { do: act.shared.setConnectivity, to: ['LISTENING'] },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  AWAITING_PARSE: {
    userText: { do: act.shared.tellBusy, to: ['AWAITING_PARSE'] },
    connectivity: { do: act.shared.setConnectivity, to: ['AWAITING_PARSE'] },
    parseSucceeded: { if: isAwaited, do: act.openFirstParsed, to: ['CONFIRMING', 'LISTENING'] },
    parseFailed: { if: isAwaited, do: act.shared.parseLocallyAfterFailure, to: ['CONFIRMING', 'LISTENING'], seed: '004 LLM调用失败降级' },
    llmDeadline: { if: isAwaited, do: act.shared.parseLocallyAfterDeadline, to: ['CONFIRMING', 'LISTENING'], seed: '004 LLM调用失败降级' },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  CONFIRMING: {
    userText: { do: act.routeConfirmingLine, to: ['CONFIRMING', 'AWAITING_CORRECTION', 'SAVING', 'LISTENING', 'IDLE'], seed: '004 交易确认与保存' },
    tap: { do: act.applyTap, to: ['SAVING', 'LISTENING'], seed: '004 取消当前记录' },
    connectivity: { do: act.shared.setConnectivity, to: ['CONFIRMING'] },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  AWAITING_CORRECTION: {
    userText: { do: act.shared.tellBusy, to: ['AWAITING_CORRECTION'] },
    connectivity: { do: act.shared.setConnectivity, to: ['AWAITING_CORRECTION'] },
    conversationSucceeded: { if: isAwaited, do: act.applyConversationAnswer, to: ['CONFIRMING'], seed: '004 在线纠正走 LLM 对话' },
    conversationFailed: { if: isAwaited, do: act.correctLocallyAfterFailure, to: ['CONFIRMING'], seed: '004 LLM调用失败降级' },
    llmDeadline: { if: isAwaited, do: act.correctLocallyAfterDeadline, to: ['CONFIRMING'], seed: '004 LLM调用失败降级' },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  SAVING: {
    userText: { do: act.shared.tellBusy, to: ['SAVING'] },
    connectivity: { do: act.shared.setConnectivity, to: ['SAVING'] },
    saveSucceeded: { if: isAwaited, do: act.shared.finishSave, to: ['LISTENING'], seed: '004 确认保存' },
    saveFailed: { if: isAwaited, do: act.shared.restoreAfterFailedSave, to: ['CONFIRMING'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'] },
  },
  DISPOSED: {},
};

export function initialConversationState(config: Partial<OrchestratorConfig> = {}, online = true): ConversationState {
  return {
    phase: 'IDLE',
    batch: null,
    online,
    inFlight: null,
    history: [],
    inactivityTimerId: null,
    nextId: 1,
    config: { ...DEFAULT_CONFIG, ...config },
  };
}

/** Pure like the batch orchestrator: never awaits, sleeps, reads a clock or touches a network. */
export function conversationStep(state: ConversationState, event: ConversationEvent, now: number): CoreTransition<ConversationState, ConversationEffect> {
  return runTable(CONVERSATION_TRANSITIONS, state, event, now);
}
