import type { Dialogue, ScriptedAnswer, Turn, TurnScript } from '../datasets/datasetTypes.js';
import type { ChatBackend, TurnScript as BackendScript } from '../llm/backend.js';
import { ScriptedTiming, type TurnTiming } from '../llm/scriptedTiming.js';
import type { OrchestratorConfig, OrchestratorEvent } from '../domain/orchestratorTypes.js';
import { BATCH_CORE, DialogueSession, type DialogueCore } from './dialogueSession.js';
import { expectedBatch } from './goldState.js';
import type { SqliteStore } from './sqliteStore.js';
import { newTurnTrace, type DialogueTrace, type TurnTrace } from './trace.js';

export type RunMode = 'e2e' | 'gold';

export interface DialogueRunOptions {
  readonly backend: ChatBackend;
  readonly store: SqliteStore;
  readonly mode: RunMode;
  readonly owner: string;
  readonly config?: Partial<OrchestratorConfig>;
  /** The protocol arm under test; the batch orchestrator by default. */
  readonly core?: DialogueCore;
  /** The run's today (`run --today`), for a dialogue that names none of its own; DEFAULT_TODAY when absent. */
  readonly today?: string;
}

/** Runs one dialogue turn by turn through the whole orchestrator and returns its trace. */
export async function runDialogue(dialogue: Dialogue, options: DialogueRunOptions): Promise<DialogueTrace> {
  const core = options.core ?? BATCH_CORE;
  const confirmingEndpoint = core.confirmingEndpoint ?? 'correct';
  const scripted = options.backend.script ?? null;
  // Any other backend answers with its own content; the script's timing faults still apply.
  const timed = scripted ? null : new ScriptedTiming(options.backend);
  const today = dialogue.today ?? options.today;
  const session = new DialogueSession(timed ?? options.backend, options.store, options.owner, options.config, core, today);
  await session.send({ type: 'start' });
  const turns: TurnTrace[] = [];
  for (let turnIndex = 0; turnIndex < dialogue.turns.length; turnIndex++) {
    const turn = dialogue.turns[turnIndex]!;
    const network = turn.network ?? dialogue.network;
    if (session.online !== (network === 'online')) await session.send({ type: 'connectivity', online: network === 'online' });
    const trace = newTurnTrace(turn, turnIndex, network, session);
    scripted?.setTurn(toBackendScript(turn.llm, confirmingEndpoint));
    timed?.setTurn(toTurnTiming(turn.llm, confirmingEndpoint));
    session.beginTurn(trace, { failSave: turn.store?.fail ?? false });
    await playInput(session, turn, trace);
    session.endTurn();
    if (scripted) {
      for (const { endpoint } of scripted.unusedAnswers()) {
        const answer = endpoint === 'any' ? 'turn-level raw/fault' : `'${endpoint}'`;
        trace.setupErrors.push(`the script's ${answer} answer was never asked for: the turn did not call the LLM`);
      }
    }
    trace.phaseAfter = session.phase;
    trace.batchAfter = session.batch;
    turns.push(trace);
    if (options.mode === 'gold' && turn.expect && !session.disposed) restoreGold(session, turn);
  }
  return { dialogueId: dialogue.id, turns };
}

async function playInput(session: DialogueSession, turn: Turn, trace: TurnTrace): Promise<void> {
  if (turn.advanceMs !== undefined) return session.advance(turn.advanceMs);
  if (turn.dispose) {
    await session.send({ type: 'dispose' });
    return;
  }
  const event: OrchestratorEvent = turn.user !== undefined ? { type: 'userText', text: turn.user } : { type: 'tap', action: turn.tap ?? 'confirm' };
  const startMs = session.now;
  if (turn.disposeAfterMs !== undefined) session.scheduleDispose(turn.disposeAfterMs);
  const micros = await session.send(event);
  if (turn.user !== undefined && trace.route === 'local') trace.localStepUs = micros;
  // The input settled before the dispose was due: it still comes, on time.
  if (turn.disposeAfterMs !== undefined) await session.advance(Math.max(0, startMs + turn.disposeAfterMs - session.now));
}

function restoreGold(session: DialogueSession, turn: Turn): void {
  const expect = turn.expect!;
  const phase = expect.state ?? session.phase;
  const batch = expect.batch === undefined ? session.batch : expectedBatch(expect.batch, session.batch);
  // A draft cannot be restored from nothing: when the turn expects CONFIRMING without saying its
  // batch and the run has none (a model that parsed nothing), the next turn starts from the run's state.
  if (phase === 'CONFIRMING' && batch === null) return;
  session.restore(phase, batch);
}

/**
 * The dataset's answers as model text; a turn-level raw/fault (`any`) answers whichever call the run
 * makes, resolved by the scripted backend when it is called. Only the protocol arm's own CONFIRMING
 * endpoint is kept (`correct` or `conversation`): a dialogue may script both arms, and the other
 * arm's answer is never asked for.
 */
export function toBackendScript(script: TurnScript | undefined, confirmingEndpoint: 'correct' | 'conversation' = 'correct'): BackendScript | undefined {
  if (!script) return undefined;
  const result: BackendScript = {};
  for (const key of ['parse', confirmingEndpoint, 'any'] as const) {
    const answer = script[key];
    if (answer) result[key] = toBackendAnswer(answer);
  }
  return result;
}

function toBackendAnswer(answer: ScriptedAnswer): NonNullable<BackendScript['parse']> {
  const result: NonNullable<BackendScript['parse']> = {};
  if (answer.json !== undefined) result.text = JSON.stringify(answer.json);
  if (answer.raw !== undefined) result.raw = answer.raw;
  if (answer.fault !== undefined) result.fault = answer.fault;
  if (answer.latencyMs !== undefined) result.latencyMs = answer.latencyMs;
  return result;
}

/** The script's timing faults alone (latency, timeout, error), for a backend that answers for itself. */
export function toTurnTiming(script: TurnScript | undefined, confirmingEndpoint: 'correct' | 'conversation' = 'correct'): TurnTiming | undefined {
  if (!script) return undefined;
  const result: TurnTiming = {};
  for (const key of ['parse', confirmingEndpoint, 'any'] as const) {
    const answer = script[key];
    if (answer?.fault === undefined && answer?.latencyMs === undefined) continue;
    result[key] = { ...(answer.fault ? { fault: answer.fault } : {}), ...(answer.latencyMs !== undefined ? { latencyMs: answer.latencyMs } : {}) };
  }
  return result;
}
