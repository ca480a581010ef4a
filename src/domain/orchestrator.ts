import * as act from './batchActions.js';
import { DEFAULT_CONFIG, type Effect, type OrchestratorConfig, type OrchestratorEvent, type OrchestratorState } from './orchestratorTypes.js';
import { isAwaited, isCurrentInactivityTimer } from './session.js';
import type { CoreTransition } from './sessionTypes.js';
import { runTable, type TransitionTable } from './transitionTable.js';

export { sanitizePatch } from './parseResult.js';

/**
 * The batch orchestrator (seeds 000-003) as one transition table. Rows are phases, columns events;
 * `if` names the guard (a failed guard refuses the event as stale), `do` the action, `to` every
 * phase the action may end in. Anything not listed is refused as not accepted: the state stays.
 * `llmDeadline` and `inactivity` are the two timers' `timerFired` events.
 */
export const TRANSITIONS: TransitionTable<OrchestratorState, OrchestratorEvent, Effect> = {
  IDLE: {
    start: { do: act.shared.startListening, to: ['LISTENING'] },
    userText: { do: act.shared.hearUtterance, to: ['AWAITING_PARSE', 'CONFIRMING', 'LISTENING', 'IDLE'], seed: '000 批量交易识别' },
    connectivity: { do: act.shared.setConnectivity, to: ['IDLE'] },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  LISTENING: {
    userText: { do: act.shared.hearUtterance, to: ['AWAITING_PARSE', 'CONFIRMING', 'LISTENING', 'IDLE'], seed: '000 批量交易识别' },
    connectivity: { do: act.shared.setConnectivity, to: ['LISTENING'] },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'], seed: '000 超时清空' },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  AWAITING_PARSE: {
    userText: { do: act.shared.tellBusy, to: ['AWAITING_PARSE'] },
    connectivity: { do: act.shared.setConnectivity, to: ['AWAITING_PARSE'] },
    parseSucceeded: { if: isAwaited, do: act.openBatchFromParse, to: ['CONFIRMING', 'LISTENING'], seed: '000 多笔识别' },
    parseFailed: { if: isAwaited, do: act.shared.parseLocallyAfterFailure, to: ['CONFIRMING', 'LISTENING'], seed: '004 LLM调用失败降级' },
    llmDeadline: { if: isAwaited, do: act.shared.parseLocallyAfterDeadline, to: ['CONFIRMING', 'LISTENING'], seed: '004 LLM调用失败降级（超时）' },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'], seed: '000 超时清空' },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  CONFIRMING: {
    userText: { do: act.routeConfirmingLine, to: ['CONFIRMING', 'AWAITING_CORRECTION', 'SAVING', 'LISTENING', 'IDLE'], seed: '001 交易确认与保存' },
    tap: { do: act.applyTap, to: ['CONFIRMING', 'SAVING', 'LISTENING'], seed: '001 取消当前记录' },
    connectivity: { do: act.shared.setConnectivity, to: ['CONFIRMING'] },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'], seed: '000 超时清空' },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  AWAITING_CORRECTION: {
    userText: { do: act.shared.tellBusy, to: ['AWAITING_CORRECTION'] },
    connectivity: { do: act.shared.setConnectivity, to: ['AWAITING_CORRECTION'] },
    correctionSucceeded: { if: isAwaited, do: act.applyCorrectionAnswer, to: ['CONFIRMING', 'SAVING', 'LISTENING'], seed: '003 LLM 对话式纠正协议' },
    correctionFailed: { if: isAwaited, do: act.handleCorrectionFailure, to: ['CONFIRMING', 'SAVING', 'LISTENING'], seed: '001 纠正失败保持原结果' },
    llmDeadline: { if: isAwaited, do: act.correctLocallyAfterDeadline, to: ['CONFIRMING', 'SAVING', 'LISTENING'], seed: '003 LLM 纠正超时降级' },
    inactivity: { if: isCurrentInactivityTimer, do: act.shared.endOnInactivity, to: ['IDLE'], seed: '000 超时清空' },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  SAVING: {
    userText: { do: act.shared.tellBusy, to: ['SAVING'] },
    connectivity: { do: act.shared.setConnectivity, to: ['SAVING'] },
    saveSucceeded: { if: isAwaited, do: act.shared.finishSave, to: ['LISTENING'], seed: '000 批量保存成功' },
    saveFailed: { if: isAwaited, do: act.shared.restoreAfterFailedSave, to: ['CONFIRMING'], seed: '000 批量保存失败回滚' },
    dispose: { do: act.shared.disposeSession, to: ['DISPOSED'], seed: '001 Delegate 安全' },
  },
  DISPOSED: {},
};

export function initialState(config: Partial<OrchestratorConfig> = {}, online = true): OrchestratorState {
  return {
    phase: 'IDLE',
    batch: null,
    online,
    inFlight: null,
    inactivityTimerId: null,
    nextId: 1,
    config: { ...DEFAULT_CONFIG, ...config },
  };
}

/**
 * One pure step of the batch orchestrator: it never awaits, sleeps, reads a clock or touches a
 * network. `now` is the caller's clock, used only to stamp batches.
 */
export function step(state: OrchestratorState, event: OrchestratorEvent, now: number): CoreTransition<OrchestratorState, Effect> {
  return runTable(TRANSITIONS, state, event, now);
}
