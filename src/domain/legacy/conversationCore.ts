import { assistantTurn, conversationTransaction, type ConversationReply, type ConversationTurn } from '../conversationProtocol.js';
import { buildCorrectionRequest } from '../correctionProtocol.js';
import { confirmAll, createBatch, updateItem, type DraftBatch } from '../draftBatch.js';
import { classifyLocal } from '../localIntent.js';
import { correctOffline } from '../offlineCorrector.js';
import { parseOffline } from '../offlineParser.js';
import { sanitizePatch } from '../orchestrator.js';
import {
  DEFAULT_CONFIG,
  type Effect,
  type LlmFailure,
  type OrchestratorConfig,
  type OrchestratorEvent,
  type Phase,
  type Route,
} from '../orchestratorTypes.js';
import { parseResult, type ParseResult } from '../parseResult.js';
import { SessionStep, type SaveInFlight } from '../sessionStep.js';
import { describeBatch, describeCorrections, say } from '../speech.js';

type InFlight =
  | { readonly kind: 'parse'; readonly id: number; readonly text: string }
  | { readonly kind: 'converse'; readonly id: number; readonly text: string }
  | SaveInFlight;

/**
 * Seed 004, the single-transaction conversational protocol. `batch` is the one transaction
 * being confirmed (lastParseResult) as a DraftBatch of one, so the shared scorers can read it.
 */
export interface ConversationState {
  readonly phase: Phase;
  readonly batch: DraftBatch | null;
  readonly online: boolean;
  readonly inFlight: InFlight | null;
  readonly history: readonly ConversationTurn[];
  readonly inactivityTimerId: number | null;
  readonly nextId: number;
  readonly disposed: boolean;
  readonly config: OrchestratorConfig;
}

export interface ConversationTransition {
  readonly state: ConversationState;
  readonly effects: readonly Effect[];
}

export function initialConversationState(config: Partial<OrchestratorConfig> = {}, online = true): ConversationState {
  return {
    phase: 'IDLE',
    batch: null,
    online,
    inFlight: null,
    history: [],
    inactivityTimerId: null,
    nextId: 1,
    disposed: false,
    config: { ...DEFAULT_CONFIG, ...config },
  };
}

/** Pure like the batch orchestrator: never awaits, sleeps, reads a clock or touches a network. */
export function conversationStep(state: ConversationState, event: OrchestratorEvent, now: number): ConversationTransition {
  if (state.disposed) return { state, effects: [] };
  const t = new Step(state, now);
  t.handle(event);
  return { state: t.state, effects: t.effects };
}

/** The legacy arm as a pluggable dialogue core (structurally a DialogueCore of src/sim). */
export const conversationCore = {
  confirmingEndpoint: 'conversation' as const,
  initial: (config: Partial<OrchestratorConfig>) => initialConversationState(config),
  step: conversationStep,
};

class Step extends SessionStep<ConversationState> {
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
      case 'conversationSucceeded':
        return this.onConversationSucceeded(event.id, event.response);
      case 'parseFailed':
      case 'conversationFailed':
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
      case 'correctionSucceeded':
      case 'correctionFailed':
        // The batch correction endpoint does not exist in this protocol.
        return;
    }
  }

  // ── user input ──────────────────────────────────────────────────────────

  /** Seed 004 交易确认与保存: confirm/cancel/exit/continue locally, correction/newInput to the conversation. */
  protected onConfirmingText(text: string): void {
    const intent = classifyLocal(text);
    this.emit({ type: 'classified', intent });
    switch (intent.kind) {
      case 'confirm':
        this.routed('local');
        return this.save(false);
      case 'cancel':
        this.routed('local');
        return this.cancel();
      case 'exit':
        this.routed('local');
        return this.endSession('exit');
      case 'continueRecording':
        this.routed('local');
        return this.save(true);
      case 'confirmItem':
      case 'cancelItem':
        // There is only the one transaction: 「确认第一笔」 is a confirm, 「删掉第三笔」 names nothing.
        this.routed('local');
        if (intent.index !== 0) return this.speak(say('noSuchItem', { n: intent.index + 1 }));
        return intent.kind === 'confirmItem' ? this.save(false) : this.cancel();
      case 'correction':
      case 'newInput':
        return this.startConversation(text);
    }
  }

  private onTap(action: 'confirm' | 'cancel'): void {
    if (this.state.phase !== 'CONFIRMING' || this.state.inFlight) return;
    this.armInactivity();
    if (action === 'confirm') this.save(false);
    else this.cancel();
  }

  // ── the first utterance: the parse endpoint, first transaction only ─────

  private onParseSucceeded(id: number, transactions: readonly ParseResult[]): void {
    const inFlight = this.state.inFlight;
    if (inFlight?.kind !== 'parse' || inFlight.id !== id) return;
    this.finishCall();
    this.routed('llm');
    const first = transactions[0];
    if (!first) return this.speak(say('parseFailed'));
    this.openTransaction(inFlight.text, first);
  }

  protected parseLocally(text: string): void {
    const result = parseOffline(text);
    if (!result) return this.speak(say('parseFailed'));
    this.openTransaction(text, result);
  }

  /** `_parseAndDeliver`: the result becomes the transaction under confirmation, with a fresh history. */
  private openTransaction(text: string, result: ParseResult): void {
    const batch = createBatch([result], this.now);
    this.set({ phase: 'CONFIRMING', batch, history: [] });
    this.speak(describeBatch(batch));
    this.emit({ type: 'notify', callback: 'onFinalText', text, batch });
  }

  // ── CONFIRMING: the multi-turn conversation endpoint ────────────────────

  private startConversation(text: string): void {
    if (!this.state.online) {
      this.routed('offline');
      return this.correctLocally(text, 'offline');
    }
    const history = this.state.history;
    const id = this.nextId();
    const deadlineMs = this.state.config.correctionTimeoutMs;
    this.set({ inFlight: { kind: 'converse', id, text }, history: [...history, { role: 'user', content: text }] });
    const current = conversationTransaction(this.transaction());
    this.emit({ type: 'callConverse', id, history, current, text, deadlineMs });
    this.emit({ type: 'startTimer', name: 'llmDeadline', id, ms: deadlineMs });
  }

  private onConversationSucceeded(id: number, reply: ConversationReply): void {
    const inFlight = this.state.inFlight;
    if (inFlight?.kind !== 'converse' || inFlight.id !== id) return;
    this.finishCall();
    switch (reply.action) {
      case 'correct': {
        this.routed('llm', { outcome: 'applied', mapping: [{ sentIndex: 0, originalIndex: 0 }] });
        const batch = updateItem(this.batch(), 0, sanitizePatch(reply.transaction ?? {}));
        this.set({ batch, history: [...this.state.history, assistantTurn(reply)] });
        this.emit({ type: 'notify', callback: 'onParseResultUpdated', result: this.transaction() });
        return this.speak(describeCorrections(batch.items));
      }
      case 'parse':
        this.routed('llm', { outcome: 'reparsed' });
        return this.openTransaction(inFlight.text, parseResult({ amount: null, ...sanitizePatch(reply.transaction ?? {}) }));
      case 'clarify':
        this.routed('llm', { outcome: 'clarify' });
        this.set({ history: [...this.state.history, assistantTurn(reply)] });
        return this.speak(reply.message ?? say('unclear'));
      case 'query':
        // The seed names no history change for a query: only the notice.
        this.routed('llm', { outcome: 'query' });
        return this.speak(say('queryComingSoon'));
    }
  }

  /** Seed 004 LLM调用失败降级: the local rules take over. */
  protected onLlmFailed(id: number, failure: LlmFailure): void {
    const inFlight = this.state.inFlight;
    if (!inFlight || inFlight.id !== id || inFlight.kind === 'save') return;
    this.finishCall();
    this.routed('fallback', { failure });
    if (inFlight.kind === 'parse') return this.parseLocally(inFlight.text);
    this.correctLocally(inFlight.text, 'fallback');
  }

  /** Seed 004 离线纠正降级到本地 (applyCorrection); when it cannot help, onInterimText shows the line. */
  private correctLocally(text: string, route: Route): void {
    const before = this.batch();
    const response = correctOffline(buildCorrectionRequest(before, text).request);
    const patch = response.intent === 'correction' ? response.corrections.find((c) => c.index === 0)?.updatedFields : undefined;
    if (!patch) {
      this.routed(route, { outcome: 'unclear' });
      this.emit({ type: 'notify', callback: 'onInterimText', text });
      return this.speak(say('unclear'));
    }
    this.routed(route, { outcome: 'applied', mapping: [{ sentIndex: 0, originalIndex: 0 }] });
    const batch = updateItem(before, 0, sanitizePatch(patch));
    this.set({ batch });
    const result = this.transaction();
    if (!sameFields(result, before.items[0]!.result)) this.emit({ type: 'notify', callback: 'onParseResultUpdated', result });
    this.speak(describeCorrections(batch.items));
  }

  // ── saving and clearing ─────────────────────────────────────────────────

  /** Seed 004 确认保存 and 连续记账: both save the current transaction first. */
  private save(thenContinue: boolean): void {
    const batchBefore = this.batch();
    this.set({ batch: confirmAll(batchBefore) });
    this.startSave(batchBefore, [batchBefore.items[0]!.result], thenContinue);
  }



  private cancel(): void {
    this.speak(say('cancelled'));
    this.clear('LISTENING');
  }




  /** The transaction and the conversation history always go together. */
  protected clear(phase: 'LISTENING' | 'IDLE'): void {
    this.set({ batch: null, history: [], phase });
  }






  private transaction(): ParseResult {
    return this.batch().items[0]!.result;
  }





}

function sameFields(a: ParseResult, b: ParseResult): boolean {
  return a.amount === b.amount && a.type === b.type && a.category === b.category && a.description === b.description && a.date === b.date && a.account === b.account;
}
