import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transitionTableMarkdown } from '../../src/cli/describeCommand.js';
import { CONVERSATION_TRANSITIONS, initialConversationState } from '../../src/domain/legacy/conversationCore.js';
import { initialState, step, TRANSITIONS } from '../../src/domain/orchestrator.js';
import type { OrchestratorEvent, OrchestratorState } from '../../src/domain/orchestratorTypes.js';
import type { CorePhase } from '../../src/domain/sessionTypes.js';
import { runTable, tableRows, type TransitionTable } from '../../src/domain/transitionTable.js';
import { Driver, FOUR, FOUR_TEXT } from '../support/driver.js';

const PHASES: readonly CorePhase[] = ['IDLE', 'LISTENING', 'AWAITING_PARSE', 'CONFIRMING', 'AWAITING_CORRECTION', 'SAVING', 'DISPOSED'];

/** One event of every key the batch table knows, with ids no call ever had. */
const EVERY_EVENT: readonly OrchestratorEvent[] = [
  { type: 'start' },
  { type: 'userText', text: '确认' },
  { type: 'tap', action: 'confirm' },
  { type: 'connectivity', online: false },
  { type: 'parseSucceeded', id: 999, transactions: [] },
  { type: 'parseFailed', id: 999, reason: 'error' },
  { type: 'correctionSucceeded', id: 999, response: { corrections: [], intent: 'confirm', confidence: 1 } },
  { type: 'correctionFailed', id: 999, reason: 'error' },
  { type: 'timerFired', name: 'llmDeadline', id: 999 },
  { type: 'timerFired', name: 'inactivity', id: 999 },
  { type: 'saveSucceeded', id: 999 },
  { type: 'saveFailed', id: 999, message: 'x' },
  { type: 'dispose' },
];

function keyOf(event: OrchestratorEvent): string {
  return event.type === 'timerFired' ? event.name : event.type;
}

describe('the batch orchestrator as a transition table', () => {
  it('an event a phase does not list is refused as notAccepted: same state object, no effects', () => {
    let checked = 0;
    for (const phase of PHASES) {
      const state: OrchestratorState = { ...initialState(), phase };
      for (const event of EVERY_EVENT) {
        if (keyOf(event) in TRANSITIONS[phase]) continue;
        const result = step(state, event, 0);
        expect(result, `${phase} × ${keyOf(event)}`).toEqual({ state, effects: [], refused: 'notAccepted' });
        expect(result.state).toBe(state);
        checked++;
      }
    }
    expect(checked).toBe(PHASES.length * EVERY_EVENT.length - tableRows(TRANSITIONS).length);
  });

  it('a disposed session accepts nothing at all', () => {
    expect(Object.keys(TRANSITIONS.DISPOSED)).toEqual([]);
    const d = new Driver();
    d.send({ type: 'dispose' });
    for (const event of EVERY_EVENT) expect(step(d.core, event, 0).refused).toBe('notAccepted');
  });

  it('a correction answer arriving after its deadline, while a newer correction is awaited, is refused as stale', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const first = d.only('callCorrect', d.say('第一笔改成50'));
    d.send({ type: 'timerFired', name: 'llmDeadline', id: first.id });
    expect(d.core.phase).toBe('CONFIRMING');
    const second = d.only('callCorrect', d.say('第二笔改成70'));
    expect(d.core.phase).toBe('AWAITING_CORRECTION');
    const before = d.core;
    const late = step(
      before,
      {
        type: 'correctionSucceeded',
        id: first.id,
        response: { corrections: [{ index: 0, updatedFields: { amount: 1 } }], intent: 'correction', confidence: 0.9 },
      },
      0,
    );
    expect(late).toEqual({ state: before, effects: [], refused: 'stale' });
    expect(second.id).not.toBe(first.id);
  });

  it('a late answer with no correction awaited is not accepted in CONFIRMING', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const call = d.only('callCorrect', d.say('第一笔改成50'));
    d.send({ type: 'timerFired', name: 'llmDeadline', id: call.id });
    const late = step(d.core, { type: 'correctionSucceeded', id: call.id, response: { corrections: [], intent: 'confirm', confidence: 1 } }, 0);
    expect(late.refused).toBe('notAccepted');
  });

  it('the waiting phases are explicit: awaiting a parse, awaiting a correction, saving', () => {
    const d = new Driver();
    d.say(FOUR_TEXT);
    expect(d.core.phase).toBe('AWAITING_PARSE');
    expect(d.state.phase).toBe('LISTENING');
    d.send({ type: 'parseSucceeded', id: d.only('callParse', d.log).id, transactions: FOUR });
    d.say('第三笔改为支出');
    expect(d.core.phase).toBe('AWAITING_CORRECTION');
    expect(d.state.phase).toBe('CONFIRMING');
    d.send({ type: 'correctionFailed', id: d.only('callCorrect').id, reason: 'error' });
    d.say('确认');
    expect(d.core.phase).toBe('SAVING');
    d.finishSave();
    expect(d.core.phase).toBe('LISTENING');
  });

  it('inactivity while a correction is awaited drops the call: abort, deadline cancelled, session over', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const call = d.only('callCorrect', d.say('第一笔改成50'));
    const timer = d
      .all('startTimer', d.log)
      .filter((t) => t.name === 'inactivity')
      .at(-1)!;
    const effects = d.send({ type: 'timerFired', name: 'inactivity', id: timer.id });
    expect(d.all('abortCall', effects)).toEqual([{ type: 'abortCall', id: call.id }]);
    expect(d.all('cancelTimer', effects)).toContainEqual({ type: 'cancelTimer', name: 'llmDeadline' });
    expect(d.core).toMatchObject({ phase: 'IDLE', inFlight: null, batch: null });
    expect(step(d.core, { type: 'correctionSucceeded', id: call.id, response: { corrections: [], intent: 'confirm', confidence: 1 } }, 0).refused).toBe(
      'notAccepted',
    );
  });

  it('an action that ends in a phase its entry does not list is a harness bug, not a silent transition', () => {
    const broken = { ...TRANSITIONS, IDLE: { start: { do: TRANSITIONS.IDLE.start!.do, to: ['IDLE'] } } } as TransitionTable<
      OrchestratorState,
      OrchestratorEvent,
      never
    >;
    expect(() => runTable(broken, initialState(), { type: 'start' }, 0)).toThrow(/IDLE × start ended in LISTENING/);
  });

  it('the seed-004 arm has its own table: the batch correction events appear in none of its phases', () => {
    const events = new Set(tableRows(CONVERSATION_TRANSITIONS).map((row) => row.event));
    expect(events.has('correctionSucceeded')).toBe(false);
    expect(events.has('conversationSucceeded')).toBe(true);
    expect(initialConversationState().phase).toBe('IDLE');
  });

  it('docs/orchestrator.md shows the tables exactly as `describe` prints them', () => {
    const doc = readFileSync(new URL('../../docs/orchestrator.md', import.meta.url), 'utf8');
    const section = (name: string) => doc.split(`<!-- transitions:${name} -->`)[1]?.split('<!-- /transitions -->')[0]?.trim();
    expect(section('batch')).toBe(transitionTableMarkdown('Batch orchestrator (seeds 000-003)', tableRows(TRANSITIONS)).trim());
    expect(section('conversation')).toBe(transitionTableMarkdown('Legacy conversation arm (seed 004)', tableRows(CONVERSATION_TRANSITIONS)).trim());
  });
});
