import { CATEGORY_KEYWORDS, type Category } from '../domain/categories.js';
import type { DraftBatch } from '../domain/draftBatch.js';
import { readableDialoguesYaml, schemaLine } from '../generate/yamlWriter.js';
import { AtomicFileWriter } from '../util/atomicFile.js';
import type { GoalItem } from './goal.js';
import type { UserAction } from './policy.js';
import type { FailedRun } from './runSimulation.js';
import type { TranscriptTurn } from './simulateUser.js';
import { SELF_REPAIR_WORD } from './speech.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** An expected card item: the fields a turn pins (a field left out is not judged). */
type ItemExpectation = { amount?: number | null; type?: string; category?: string; date?: string; status?: string };

interface TurnExpectation {
  readonly state: 'CONFIRMING' | 'LISTENING';
  readonly batch: ItemExpectation[] | null;
  readonly saved?: ItemExpectation[];
}

/** A failed user cut after the first turn whose result the goal does not allow. */
interface FailedPath {
  readonly failure: FailedRun;
  readonly turns: { readonly user: string; readonly expect: TurnExpectation }[];
  /** What went wrong at the last turn, without amounts or item counts: users with the same one are near-duplicates. */
  readonly signature: string;
  /** Expectations left out because the user's words did not name them. */
  readonly doubtful: number;
}

/**
 * Each failed user's own words, on the path that failed, up to and including the first turn
 * whose result the user's goal does not allow; after each turn what the goal says the card (and
 * the saved rows) must be. The turns have no scripted answers: they are for a model to answer.
 * A category or description the words do not name is not expected (a goal may say 通讯 where the
 * user only said 「花费493」).
 */
export function failedPath(failure: FailedRun): FailedPath {
  const { run } = failure;
  const turns: FailedPath['turns'][number][] = [];
  let before: DraftBatch | null = null;
  let doubtful = 0;
  for (const turn of run.transcript) {
    const expected = expectationAfter(before, turn, failure.user.goal.today);
    doubtful += expected.doubtful;
    turns.push({ user: turn.user, expect: expected.expect });
    const wrong = mismatches(expected.expect, turn, targetOf(turn.action), failure.user.goal.today);
    if (wrong.length > 0) return { failure, turns, signature: `${actionName(turn.action)} → ${wrong.join(', ')}`, doubtful };
    before = turn.batchAfter;
  }
  // Every turn did what was asked, yet the goal was not reached (patience ran out): the whole path.
  return { failure, turns, signature: `${run.outcome} without a wrong turn`, doubtful };
}

function expectationAfter(before: DraftBatch | null, turn: TranscriptTurn, today: string): { expect: TurnExpectation; doubtful: number } {
  const { action, user } = turn;
  // What the card showed before the turn: an item the action is not about must stay so.
  const carried = (before?.items ?? []).map(({ result, status }): ItemExpectation => ({
    amount: result.amount,
    type: result.type,
    ...(result.category ? { category: result.category } : {}),
    ...(result.date ? { date: result.date } : {}),
    status,
  }));
  let doubtful = 0;
  const said = (item: GoalItem, status = 'pending'): ItemExpectation => {
    const named = namedFields(item, user);
    if (!('category' in named)) doubtful++;
    return { amount: item.amount, type: item.type, ...named, ...namedDay(item), status };
  };
  const open = (batch: ItemExpectation[]): TurnExpectation => ({ state: 'CONFIRMING', batch });
  const close = (saved: ItemExpectation[]): TurnExpectation => ({ state: 'LISTENING', batch: null, saved });
  // A saved row holds a day: the one on the card, else today (seed 002: no date is today).
  const row = ({ amount, type, date }: ItemExpectation): ItemExpectation => ({ amount, type, date: date ?? today });
  const resolved = (items: ItemExpectation[]): TurnExpectation =>
    items.some((item) => item.status === 'pending') ? open(items) : close(items.filter((item) => item.status === 'confirmed').map(row));
  switch (action.kind) {
    case 'say':
      return { expect: open(action.items.map((item) => said(item))), doubtful };
    case 'append':
      return { expect: open([...carried, said(action.item)]), doubtful };
    case 'correct': {
      const fixed =
        action.field === 'category'
          ? namedFields(action.goal, user)
          : action.field === 'date'
            ? namedDay(action.goal)
            : { [action.field]: action.goal[action.field] };
      if (action.field === 'category' && !('category' in fixed)) doubtful++;
      // Back to today: the card may show today's day or none, so the day is not pinned then.
      const unpinned = ({ date: _, ...rest }: ItemExpectation): ItemExpectation => rest;
      const corrected = (item: ItemExpectation) => ({ ...(action.field === 'date' ? unpinned(item) : item), ...fixed });
      return { expect: open(carried.map((item, i) => (i === action.item.index ? corrected(item) : item))), doubtful };
    }
    case 'cancelItem':
    case 'confirmItem': {
      const status = action.kind === 'cancelItem' ? 'cancelled' : 'confirmed';
      return { expect: resolved(carried.map((item, i) => (i === action.item.index ? { ...item, status } : item))), doubtful };
    }
    case 'confirm':
      return { expect: close(carried.filter((item) => item.status !== 'cancelled').map(row)), doubtful };
    case 'cancel':
      return { expect: close([]), doubtful };
  }
}

/**
 * The category when the user's words name it (the category or one of its keywords). A description
 * is never expected: a model may word it its own way (as in datasets/model/).
 */
function namedFields(item: GoalItem, words: string): { category?: string } {
  const keywords: readonly string[] = CATEGORY_KEYWORDS[item.category as Category] ?? [];
  const named = words.includes(item.category) || keywords.some((keyword) => words.includes(keyword));
  return named ? { category: item.category } : {};
}

/** The day when the user names one; a day not named is today, which the card may show as today or as none. */
function namedDay(item: GoalItem): { date?: string } {
  return item.date === null ? {} : { date: item.date };
}

/** The card index the action is about, if it is about one. */
function targetOf(action: UserAction): number | null {
  return action.kind === 'correct' || action.kind === 'cancelItem' || action.kind === 'confirmItem' ? action.item.index : null;
}

/**
 * What of the expectation the turn's result breaks, without amounts or counts: `state`, `more
 * items` / `fewer items`, `saved`, the fields that differ, `another item` when an action about
 * one item changed a different one; `(self-repair)` when the words held one 「…不对…」.
 */
function mismatches(expect: TurnExpectation, turn: TranscriptTurn, target: number | null, today: string): string[] {
  const wrong = breaks(expect, turn, target, today);
  return wrong.length > 0 && turn.user.includes(SELF_REPAIR_WORD) ? [...wrong, '(self-repair)'] : wrong;
}

function breaks(expect: TurnExpectation, turn: TranscriptTurn, target: number | null, today: string): string[] {
  const state = turn.phaseAfter === 'CONFIRMING' || turn.phaseAfter === 'LISTENING' ? turn.phaseAfter : 'other';
  if (state !== expect.state) return ['state'];
  const wrong = new Set<string>();
  // A card item with no day is today's, as the run compares it.
  const items = turn.batchAfter?.items.map(({ result, status }) => ({ ...result, date: result.date ?? today, status })) ?? [];
  const wanted = expect.batch?.length ?? 0;
  if (wanted !== items.length) wrong.add(items.length > wanted ? 'more items' : 'fewer items');
  else {
    expect.batch?.forEach((want, i) => {
      const differs = differingFields(want, items[i]!);
      if (differs.length > 0 && target !== null && i !== target) wrong.add('another item');
      else differs.forEach((field) => wrong.add(field));
    });
  }
  if (expect.saved) {
    const saved = turn.saved.map(({ amount, type, date }) => `${amount}:${type}:${date}`).sort();
    const wanted = expect.saved.map(({ amount, type, date }) => `${amount}:${type}:${date}`).sort();
    if (saved.join() !== wanted.join()) wrong.add('saved');
  }
  return [...wrong].sort();
}

function differingFields(want: ItemExpectation, got: Record<string, unknown>): string[] {
  return Object.entries(want)
    .filter(([field, value]) => got[field] !== value)
    .map(([field]) => field);
}

function actionName(action: UserAction): string {
  if (action.kind === 'correct') return `correct ${action.field} by ${action.by}`;
  if (action.kind === 'confirm') return action.byModel ? 'confirm (model phrase)' : 'confirm';
  return action.kind;
}

/**
 * Near-duplicates collapsed: of the users whose failing turn had the same action and broke the
 * same things, the one with the fewest turns (then the shortest words) stands for the others.
 */
export function curate(paths: readonly FailedPath[]): { path: FailedPath; alike: number }[] {
  const groups = new Map<string, FailedPath[]>();
  for (const path of paths) groups.set(path.signature, [...(groups.get(path.signature) ?? []), path]);
  const length = (path: FailedPath) => path.turns.reduce((sum, turn) => sum + turn.user.length, 0);
  return [...groups.values()].map((group) => {
    const [path] = [...group].sort((a, b) => a.turns.length - b.turns.length || length(a) - length(b) || a.failure.user.id - b.failure.user.id);
    return { path: path!, alike: group.length };
  });
}

function toDialogue({ path, alike }: { path: FailedPath; alike: number }, seed: number): Json {
  const { failure, turns, signature } = path;
  const { user, run } = failure;
  const goalSize = user.goal.items.length;
  return {
    id: `sim-s${seed}-u${user.id}`,
    title: `模拟用户 ${user.id}（seed ${seed}）：目标 ${goalSize} 笔，第 ${turns.length} 轮出错（${signature}）${alike > 1 ? `，代表 ${alike} 个同类用户` : ''}`,
    tags: [
      'simulated',
      'generated-expectations',
      `outcome:${run.outcome}`,
      `first-failure:${signature}`,
      ...run.features.map((feature) => `speech:${feature}`),
    ],
    today: user.goal.today,
    turns: turns.map(({ user: words, expect }) => ({ user: words, expect: expect as unknown as Json })),
  };
}

/** Writes the curated failures as a readable dataset file, atomically; returns how many were written. */
export function writeFailedDialogues(file: string, failures: readonly FailedRun[], seed: number): { written: number; failed: number } {
  const paths = failures.map(failedPath);
  const curated = curate(paths);
  const doubtful = paths.reduce((sum, path) => sum + path.doubtful, 0);
  const writer = new AtomicFileWriter(file);
  try {
    writer.write(
      [
        schemaLine(file).trimEnd(),
        `# Written by \`nlu-harness simulate --seed ${seed} --save-dialogues\`: ${failures.length} simulated users who did not reach their goal,`,
        `# as ${curated.length} dialogues: users whose first wrong turn had the same action and broke the same things are one dialogue.`,
        "# Each is the user's own words on the path that failed, up to and including the first wrong turn.",
        "# The expectations were GENERATED from the users' goals: review them before adding a dialogue to a suite.",
        `# A category the words do not name is left out (${doubtful} left out); descriptions are never expected (a model words them its own way).`,
        '# There are no llm: blocks: run them against a model (--llm heuristic, openai or replay); under the',
        '# scripted backend every model turn fails, by design.',
        '',
      ].join('\n'),
    );
    writer.write(readableDialoguesYaml(curated.map((entry) => toDialogue(entry, seed) as object)));
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
  return { written: curated.length, failed: failures.length };
}
