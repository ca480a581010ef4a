import {
  buildCorrectionRequest,
  mapCorrectionsBack,
  validateCorrection,
  type CorrectionResponse,
} from './correctionProtocol.js';
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
import {
  DEFAULT_CONFIG,
  type LlmFailure,
  type OrchestratorConfig,
  type OrchestratorEvent,
  type OrchestratorState,
  type Route,
  type Transition,
} from './orchestratorTypes.js';
import { EDITABLE_FIELDS, TRANSACTION_TYPES, parseResult, type FieldPatch, type ParseResult } from './parseResult.js';
import { SessionStep } from './sessionStep.js';
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

export function initialState(config: Partial<OrchestratorConfig> = {}, online = true): OrchestratorState {
  return {
    phase: 'IDLE',
    batch: null,
    online,
    inFlight: null,
    inactivityTimerId: null,
    nextId: 1,
    disposed: false,
    config: { ...DEFAULT_CONFIG, ...config },
  };
}

/**
 * The voice bookkeeping orchestrator as a pure state machine: it never awaits, sleeps,
 * reads a clock or touches a network. `now` is the caller's clock, used only to stamp batches.
 */
export function step(state: OrchestratorState, event: OrchestratorEvent, now: number): Transition {
  if (state.disposed) return { state, effects: [] };
  const t = new Step(state, now);
  t.handle(event);
  return { state: t.state, effects: t.effects };
}

/** One transition of the batch orchestrator: its routing on top of the shared session mechanics. */
class Step extends SessionStep<OrchestratorState> {
  handle(event: OrchestratorEvent): void {
    switch (event.type) {
      case 'start':
        if (this.state.phase === 'IDLE') this.enterListening();
        return;
      case 'connectivity':
        this.set({ online: event.online });
        return;
      case 'userText':
        return this.onUserText(event.text.trim());
      case 'tap':
        return this.onTap(event.action);
      case 'parseSucceeded':
        return this.onParseSucceeded(event.id, event.transactions);
      case 'parseFailed':
        return this.onLlmFailed(event.id, event.reason);
      case 'correctionSucceeded':
        return this.onCorrectionSucceeded(event.id, event.response);
      case 'correctionFailed':
        return this.onLlmFailed(event.id, event.reason);
      case 'timerFired':
        if (event.name === 'llmDeadline') return this.onLlmDeadline(event.id);
        return this.onInactivity(event.id);
      case 'saveSucceeded':
        return this.onSaveSucceeded(event.id);
      case 'saveFailed':
        return this.onSaveFailed(event.id, event.message);
      case 'dispose':
        return this.dispose();
    }
  }

  // ── user input ──────────────────────────────────────────────────────────

  /** Seed 001 交易确认与保存: the mixed routing table of the CONFIRMING state. */
  protected onConfirmingText(text: string): void {
    const batch = this.batch();
    const intent = classifyLocal(text);
    this.emit({ type: 'classified', intent });
    switch (intent.kind) {
      case 'confirm':
        this.routed('local');
        return this.resolveWith(batch, confirmAll(batch));
      case 'cancel':
        this.routed('local');
        return this.cancelBatch();
      case 'exit':
        this.routed('local');
        return this.endSession('exit');
      case 'continueRecording':
        this.routed('local');
        return this.continueRecording(batch);
      case 'confirmItem':
      case 'cancelItem': {
        this.routed('local');
        const item = findItem(batch, intent.index);
        if (!item) return this.speak(say('noSuchItem', { n: intent.index + 1 }));
        if (item.status !== 'pending') return this.speak(describeItemAlreadyResolved(item, counts(batch).pending));
        const next = intent.kind === 'confirmItem' ? confirmItem(batch, intent.index) : cancelItem(batch, intent.index);
        if (allResolved(next)) return this.resolveWith(batch, next);
        this.setBatch(next);
        this.emit({ type: 'notify', callback: 'onDraftBatchUpdated', batch: next });
        const pending = counts(next).pending;
        const changed = findItem(next, intent.index)!;
        return this.speak(
          intent.kind === 'confirmItem' ? describeItemConfirmed(changed, pending) : describeItemCancelled(changed, pending),
        );
      }
      case 'correction':
      case 'newInput':
        return this.startCorrection(batch, text);
    }
  }

  private onTap(action: 'confirm' | 'cancel'): void {
    if (this.state.phase !== 'CONFIRMING' || this.state.inFlight) return;
    this.armInactivity();
    const batch = this.batch();
    if (action === 'confirm') this.resolveWith(batch, confirmAll(batch));
    else this.cancelBatch();
  }

  // ── parsing a new utterance ─────────────────────────────────────────────

  private onParseSucceeded(id: number, transactions: readonly ParseResult[]): void {
    const inFlight = this.state.inFlight;
    if (inFlight?.kind !== 'parse' || inFlight.id !== id) return;
    this.finishCall();
    this.routed('llm');
    if (transactions.length === 0) {
      this.speak(say('parseFailed'));
      return;
    }
    if (transactions.length > MAX_BATCH_SIZE) this.speak(describeTruncation());
    this.openBatch(inFlight.text, transactions.slice(0, MAX_BATCH_SIZE));
  }

  /** Seed 000 离线降级为单笔: only the local parser, one transaction at most. */
  protected parseLocally(text: string): void {
    const result = parseOffline(text);
    if (countTransactionMentions(text) > 1) this.speak(say(this.state.online ? 'fallbackSingleOnly' : 'offlineSingleOnly'));
    if (!result) {
      this.speak(say('parseFailed'));
      return;
    }
    this.openBatch(text, [result]);
  }

  private openBatch(text: string, results: readonly ParseResult[]): void {
    const batch = createBatch(results, this.now);
    this.set({ phase: 'CONFIRMING', batch });
    this.speak(describeBatch(batch));
    this.emit({ type: 'notify', callback: 'onFinalText', text, batch });
  }

  // ── correcting the batch (Layer 2) ──────────────────────────────────────

  private startCorrection(batch: DraftBatch, text: string): void {
    this.speak(say('loading'));
    const { request, originalIndexOf } = buildCorrectionRequest(batch, text);
    if (!this.state.online) {
      this.routed('offline');
      this.speak(say('offlineCorrection'));
      return this.applyResponse(correctOffline(request), originalIndexOf, 'offline');
    }
    const id = this.nextId();
    const deadlineMs = this.state.config.correctionTimeoutMs;
    this.startCall({ kind: 'correct', id, text, request, originalIndexOf }, { type: 'callCorrect', id, request, deadlineMs }, deadlineMs);
  }

  private onCorrectionSucceeded(id: number, response: CorrectionResponse): void {
    const inFlight = this.state.inFlight;
    if (inFlight?.kind !== 'correct' || inFlight.id !== id) return;
    if (validateCorrection(response, inFlight.originalIndexOf.length)) return this.onLlmFailed(id, 'invalid');
    this.finishCall();
    this.applyResponse(response, inFlight.originalIndexOf, 'llm');
  }

  /**
   * A correction the LLM did not answer in time goes to the local rules (seed 003 超时降级);
   * one it answered with an error or unusable output keeps the batch and asks again
   * (seed 001 纠正失败保持原结果, seed 002 decision 8). A failed parse has no batch to keep,
   * so the local parser takes it (seed 004 调用失败降级).
   */
  protected onLlmFailed(id: number, failure: LlmFailure): void {
    const inFlight = this.state.inFlight;
    if (!inFlight || inFlight.id !== id || inFlight.kind === 'save') return;
    this.finishCall();
    if (inFlight.kind === 'parse') {
      this.routed('fallback', { failure });
      return this.parseLocally(inFlight.text);
    }
    if (failure !== 'timeout') {
      this.routed('llm', { failure, outcome: 'unclear' });
      return this.speak(say('unclear'));
    }
    this.routed('fallback', { failure });
    this.applyResponse(correctOffline(inFlight.request), inFlight.originalIndexOf, 'fallback');
  }

  /** Seed 003 LLM 对话式纠正协议: the intent is a second opinion, gated by the confidence floor. */
  private applyResponse(response: CorrectionResponse, originalIndexOf: readonly number[], route: Route): void {
    const batch = this.batch();
    if (route === 'llm' && response.confidence < this.state.config.confidenceFloor) {
      this.routed(route, { outcome: 'lowConfidence' });
      return this.speak(say('unclear'));
    }
    switch (response.intent) {
      case 'correction': {
        if (response.corrections.length === 0) {
          this.routed(route, { outcome: 'emptyCorrections' });
          return this.speak(say('unclear'));
        }
        const mapping = mapCorrectionsBack(response.corrections, originalIndexOf);
        let next = batch;
        for (const { originalIndex, updatedFields } of mapping) {
          next = updateItem(next, originalIndex, sanitizePatch(updatedFields));
        }
        this.routed(route, {
          outcome: 'applied',
          mapping: mapping.map(({ sentIndex, originalIndex }) => ({ sentIndex, originalIndex })),
        });
        this.setBatch(next);
        this.emit({ type: 'notify', callback: 'onDraftBatchUpdated', batch: next });
        const touched = [...new Set(mapping.map((m) => m.originalIndex))].map((index) => findItem(next, index)!);
        return this.speak(describeCorrections(touched));
      }
      case 'confirm':
        this.routed(route, { outcome: 'confirm' });
        return this.resolveWith(batch, confirmAll(batch));
      case 'cancel':
        this.routed(route, { outcome: 'cancel' });
        return this.cancelBatch();
      case 'append': {
        const fields = sanitizePatch(response.corrections[0]?.updatedFields ?? {});
        const appended = appendItem(
          batch,
          parseResult({ amount: null, confidence: response.confidence, source: route === 'llm' ? 'llm' : 'local', ...fields }),
        );
        if (!appended) {
          this.routed(route, { outcome: 'appendRefused' });
          return this.speak(say('limitReached'));
        }
        this.routed(route, { outcome: 'append' });
        this.setBatch(appended);
        this.emit({ type: 'notify', callback: 'onDraftBatchUpdated', batch: appended });
        const item = appended.items[appended.items.length - 1]!;
        return this.speak(describeAppended(item, appended.items.length));
      }
      case 'unclear':
        this.routed(route, { outcome: 'unclear' });
        return this.speak(say('unclear'));
    }
  }

  // ── resolving, saving and clearing ──────────────────────────────────────

  /** Applies an operation's result; when nothing is pending any more, commits (seed 000 自动提交触发). */
  private resolveWith(before: DraftBatch, after: DraftBatch): void {
    if (!allResolved(after)) {
      this.setBatch(after);
      return;
    }
    const confirmed = confirmedItems(after);
    if (confirmed.length === 0) return this.cancelBatch();
    this.setBatch(after);
    this.startSave(before, confirmed.map((item) => item.result), false);
  }

  private continueRecording(batch: DraftBatch): void {
    const confirmed = confirmedItems(batch);
    if (confirmed.length > 0) return this.startSave(batch, confirmed.map((item) => item.result), true);
    this.clear('LISTENING');
    this.emit({ type: 'notify', callback: 'onContinueRecording' });
  }




  private cancelBatch(): void {
    this.speak(say('cancelled'));
    this.clear('LISTENING');
  }




  /** Seed 000 上下文清空规则: the only way the batch becomes null. */
  protected clear(phase: 'LISTENING' | 'IDLE'): void {
    const hadBatch = this.state.batch !== null;
    this.set({ batch: null, phase });
    if (hadBatch) this.emit({ type: 'notify', callback: 'onDraftBatchUpdated', batch: null });
  }

  





  private setBatch(batch: DraftBatch): void {
    this.set({ batch });
  }





}

/** Keeps only the editable fields, with values of the right kind; everything else is dropped. */
export function sanitizePatch(fields: FieldPatch | Readonly<Record<string, unknown>>): FieldPatch {
  const patch: Record<string, unknown> = {};
  const source = fields as Readonly<Record<string, unknown>>;
  for (const key of EDITABLE_FIELDS) {
    if (!(key in source)) continue;
    const value = source[key];
    if (key === 'amount') {
      if (typeof value === 'number' && Number.isFinite(value)) patch.amount = value;
    } else if (key === 'type') {
      if ((TRANSACTION_TYPES as readonly unknown[]).includes(value)) patch.type = value;
    } else if (typeof value === 'string' || value === null) {
      patch[key] = value;
    }
  }
  return patch as FieldPatch;
}
