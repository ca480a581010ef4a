import { describe, expect, it } from 'vitest';
import { createBatch } from '../../src/domain/draftBatch.js';
import { parseResult } from '../../src/domain/parseResult.js';
import { THINGS } from '../../src/generate/vocabulary.js';
import { Random } from '../../src/util/random.js';
import { goalDay, goalItem, sampleGoal, type GoalItem } from '../../src/users/goal.js';
import { sampleUser, sampleUsers, userSeed } from '../../src/users/population.js';
import { dayPhrases, daysBetween } from '../../src/users/spokenDays.js';
import type { ChatBackend, ChatRequest, ChatResult } from '../../src/llm/backend.js';
import { OracleBackend } from '../../src/users/oracleBackend.js';
import { runSimulation } from '../../src/users/runSimulation.js';
import { Speaker, SPEECH_FEATURES } from '../../src/users/speech.js';
import { utterance } from '../../src/users/utterance.js';

const TODAY = '2026-03-01';
const withoutDay = ({ date: _, ...rest }: GoalItem) => rest;

describe('simulated users’ goals carry the day each item happened (issue 39 item 5)', () => {
  it('the same seed, id and today give the same person, days included', () => {
    expect(sampleUser(3, 7, TODAY)).toEqual(sampleUser(3, 7, TODAY));
    expect([...sampleUsers(3, 20, TODAY)].map((user) => user.goal)).toEqual([...sampleUsers(3, 20, TODAY)].map((user) => user.goal));
  });

  it('days come from a stream of their own: things, amounts, habits and wording seed are what they were without days', () => {
    for (let id = 1; id <= 30; id++) {
      const random = new Random(userSeed(5, id));
      const before = sampleGoal(random, TODAY);
      const user = sampleUser(5, id, TODAY);
      expect(user.goal.items.map(withoutDay)).toEqual(before.items.map(withoutDay));
    }
  });

  it('about 40% of items name a day, never after today, yesterday the most often; no day is today', () => {
    const items = [...sampleUsers(1, 400, TODAY)].flatMap((user) => user.goal.items);
    const dated = items.filter((item) => item.date !== null);
    expect(dated.length / items.length).toBeGreaterThan(0.35);
    expect(dated.length / items.length).toBeLessThan(0.45);
    const back = dated.map((item) => daysBetween(item.date!, TODAY));
    expect(Math.min(...back)).toBe(0);
    expect(Math.max(...back)).toBeLessThanOrEqual(60);
    const count = (n: number) => back.filter((b) => b === n).length;
    for (const other of [0, 2, 3, 5, 20]) expect(count(1)).toBeGreaterThan(count(other));
    expect(
      goalDay(
        items.find((item) => item.date === null)!,
        TODAY,
      ),
    ).toBe(TODAY);
  });

  it('days count back from the simulation’s today: another today moves every day by the same offsets', () => {
    for (let id = 1; id <= 20; id++) {
      const offsets = (today: string) => sampleUser(2, id, today).goal.items.map((item) => (item.date === null ? null : daysBetween(item.date, today)));
      expect(offsets('2024-03-01')).toEqual(offsets(TODAY));
    }
    const leap = [...sampleUsers(2, 300, '2024-03-01')].flatMap((user) => user.goal.items).map((item) => item.date);
    expect(leap).toContain('2024-02-29');
  });

  it('a wrong day is corrected by saying the day: 「第二笔是前天的」, 「打车那笔是昨天的」', () => {
    const taxi = goalItem(
      THINGS.find((thing) => thing.description === '打车')!,
      30,
      '2026-02-27',
    );
    const meal = goalItem(
      THINGS.find((thing) => thing.description === '吃饭')!,
      60,
    );
    const card = createBatch(
      [parseResult({ amount: 60, description: '吃饭', category: '餐饮' }), parseResult({ amount: 30, description: '打车', category: '交通' })],
      0,
    );
    const names = dayPhrases('2026-02-27', TODAY).map((phrase) => phrase.text);
    for (let seed = 1; seed <= 20; seed++) {
      const random = new Random(seed);
      const speaker = new Speaker(random, new Set(), TODAY);
      const byOrdinal = utterance({ kind: 'correct', item: card.items[1]!, goal: taxi, field: 'date', by: 'ordinal' }, speaker, random);
      expect(names.map((name) => `第二笔是${name}的`)).toContain(byOrdinal);
      const byDescription = utterance({ kind: 'correct', item: card.items[1]!, goal: taxi, field: 'date', by: 'description' }, speaker, random);
      expect(names.map((name) => `打车那笔是${name}的`)).toContain(byDescription);
      // Back to today, when the card shows a day the user never named.
      const today = utterance({ kind: 'correct', item: card.items[0]!, goal: meal, field: 'date', by: 'ordinal' }, speaker, random);
      expect(dayPhrases(TODAY, TODAY).map((phrase) => `第一笔是${phrase.text}的`)).toContain(today);
    }
  });

  it('task success requires the right day: against a perfect model deaf to days, exactly the users who name a day other than today fail', async () => {
    /** The oracle with every date taken out of its answers. */
    class DayDeaf implements ChatBackend {
      readonly name = 'day-deaf';
      readonly model = 'oracle-without-dates';
      readonly clock = 'virtual' as const;
      constructor(private readonly inner: ChatBackend) {}
      async complete(req: ChatRequest): Promise<ChatResult> {
        const result = await this.inner.complete(req);
        return { ...result, text: JSON.stringify(JSON.parse(result.text), (key, value: unknown) => (key === 'date' ? undefined : value)) };
      }
    }
    const users = 80;
    const { runs } = await runSimulation({
      seed: 6,
      users,
      repeat: 1,
      speech: new Set(SPEECH_FEATURES),
      today: TODAY,
      backendFor: (board) => new DayDeaf(new OracleBackend(board)),
    });
    const namesAnotherDay = new Set(
      [...sampleUsers(6, users, TODAY)].filter((user) => user.goal.items.some((item) => item.date !== null && item.date !== TODAY)).map((user) => user.id),
    );
    expect(namesAnotherDay.size).toBeGreaterThan(20);
    expect(namesAnotherDay.size).toBeLessThan(users);
    for (const run of runs) expect(run.outcome === 'success', `user ${run.userId}`).toBe(!namesAnotherDay.has(run.userId));
  });
});
