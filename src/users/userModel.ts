import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DraftBatch } from '../domain/draftBatch.js';
import { TYPE_WORD, ordinalWord } from '../generate/vocabulary.js';
import type { CallEndpoint, ChatBackend, ChatMessage } from '../llm/backend.js';
import { packageFolder } from '../util/packageFolder.js';
import type { GoalItem } from './goal.js';
import { personaText, type Persona } from './persona.js';
import type { UserAction } from './policy.js';
import { guardLine } from './speechGuard.js';
import { dayPhrases } from './spokenDays.js';
import { renderCard } from './trySession.js';

/** The first line of the user model's prompt: serve-model routes on it as on the app's TASK: markers. */
export const USER_TURN_MARKER = 'TASK: simulated-user';
export const USER_PROMPT_FILE = 'user-turn.txt';
/** A line that fails the guard is drawn again, at most this many draws in all. */
export const MAX_DRAWS = 3;
/** A spoken line is short: a runaway answer costs bounded time. */
const LINE_MAX_TOKENS = 40;
/** A first utterance of ten items is long: room for each item said in full (a cut line fails the guard, as it should not). */
const TOKENS_PER_SAID_ITEM = 14;
/** How many earlier turns the model is shown: enough to keep to the conversation, short enough to stay fast on a CPU. */
const HISTORY_TURNS = 2;

/** The endpoint of a request from its system prompt's first line, the user model's included. */
export function withUserTurn(endpointOf: (messages: readonly ChatMessage[]) => CallEndpoint | null): (messages: readonly ChatMessage[]) => CallEndpoint | null {
  return (messages) => {
    const system = messages.find((message) => message.role === 'system');
    return system?.content.split('\n', 1)[0]?.trim() === USER_TURN_MARKER ? 'user' : endpointOf(messages);
  };
}

export interface UserPrompt {
  readonly text: string;
  readonly file: string;
  readonly sha256: string;
}

/** prompts/user-turn.txt, read once a run; its sha256 goes in the report, as the NLU prompts' do. */
export function loadUserPrompt(dir = packageFolder('prompts')): UserPrompt {
  const file = join(dir, USER_PROMPT_FILE);
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n').trimEnd();
  if (text.split('\n', 1)[0] !== USER_TURN_MARKER) throw new Error(`${file} must start with the line '${USER_TURN_MARKER}'`);
  return { text, file: `prompts/${USER_PROMPT_FILE}`, sha256: createHash('sha256').update(text).digest('hex') };
}

/** The user model's calls of a whole run: once spent, no user gets another line. */
export class CallBudget {
  used = 0;
  constructor(readonly limit: number) {}
  take(): boolean {
    if (this.used >= this.limit) return false;
    this.used++;
    return true;
  }
}

/** One draw of a line: what the model wrote and, when the guard refused it, why. */
export interface Draw {
  readonly line: string;
  readonly refused: string | null;
}

/** What one user's model calls came to. */
export interface VoiceTally {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Lines the turns needed, and how many passed the guard at the first draw and within MAX_DRAWS. */
  lines: number;
  firstDraw: number;
  withinLimit: number;
}

/** What the app said and showed after a turn, and what the user said in it. */
export interface HeardTurn {
  readonly user: string;
  readonly spoken: readonly string[];
}

export interface TurnContext {
  readonly today: string;
  readonly goal: readonly GoalItem[];
  readonly history: readonly HeardTurn[];
  readonly card: DraftBatch | null;
}

export type VoiceLine = { readonly text: string; readonly draws: readonly Draw[] } | { readonly slip: string; readonly draws: readonly Draw[] };

/**
 * A user whose lines a language model writes (issue 46): per turn the model is given the persona,
 * the goal, the conversation so far, what the app said and showed, and the task the rule-based
 * policy chose; a line the guard refuses is drawn again with the reason, at most MAX_DRAWS times.
 */
export class ModelVoice {
  readonly tally: VoiceTally = { calls: 0, promptTokens: 0, completionTokens: 0, lines: 0, firstDraw: 0, withinLimit: 0 };

  constructor(
    private readonly backend: ChatBackend,
    private readonly prompt: UserPrompt,
    private readonly persona: Persona,
    private readonly budget: CallBudget,
    /** The run of --repeat (0-based): each is its own sample, in a cassette too. */
    private readonly sample: number,
  ) {}

  async line(action: UserAction, context: TurnContext): Promise<VoiceLine> {
    const draws: Draw[] = [];
    this.tally.lines++;
    for (let draw = 1; draw <= MAX_DRAWS; draw++) {
      if (!this.budget.take()) return { slip: `the run's user-model call budget (${this.budget.limit}) is spent`, draws };
      const result = await this.backend.complete({
        endpoint: 'user',
        messages: [
          { role: 'system', content: this.prompt.text },
          { role: 'user', content: userMessage(this.persona, action, context, draws) },
        ],
        sample: this.sample,
        draw: draw - 1,
        maxTokens: LINE_MAX_TOKENS + (action.kind === 'say' ? TOKENS_PER_SAID_ITEM * action.items.length : 0),
      });
      this.tally.calls++;
      this.tally.promptTokens += result.usage?.promptTokens ?? 0;
      this.tally.completionTokens += result.usage?.completionTokens ?? 0;
      const line = spokenLine(result.text);
      const refused = guardLine(action, line, context.today);
      draws.push({ line, refused });
      if (refused === null) {
        if (draw === 1) this.tally.firstDraw++;
        this.tally.withinLimit++;
        return { text: line, draws };
      }
    }
    return { slip: draws.at(-1)?.refused ?? 'no line', draws };
  }
}

/** The first line of the answer, without quotes or a speaker's name. */
export function spokenLine(answer: string): string {
  const first =
    answer
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? '';
  return first
    .replace(/^(?:用户|我|user|you|line|答)\s*[:：]\s*/i, '')
    .replace(/^[「『"“'‘]+|[」』"”'’]+$/g, '')
    .trim();
}

function amountText(amount: number): string {
  return String(amount);
}

/** How the user would name a day: 昨天, 3天前, 2月20号 (the app's today is the user's). */
function dayWord(date: string, today: string): string {
  const phrases = dayPhrases(date, today);
  return (
    (phrases.find((p) => p.kind === 'word') ?? phrases.find((p) => p.kind === 'daysAgo') ?? phrases.find((p) => p.kind === 'monthDay') ?? phrases[0])?.text ??
    date
  );
}

/** 「昨天 打车 30」: the day first, as it is said. */
function itemText(item: GoalItem, today: string, sayToday: boolean): string {
  const day = item.date !== null ? `${dayWord(item.date, today)} ` : sayToday ? '今天 ' : '';
  return `${day}${item.description} ${amountText(item.amount)}`;
}

function ordinal(index: number): string {
  return `第${ordinalWord(index + 1)}笔`;
}

/** What to do this turn, from the policy's action: the only place the model learns what the turn needs. */
export function taskText(action: UserAction, today: string): string {
  switch (action.kind) {
    case 'say':
      return `say these ${action.items.length} in one line: ${action.items
        .map((item, i) =>
          itemText(
            item,
            today,
            action.items.slice(0, i).some((earlier) => earlier.date !== null),
          ),
        )
        .join('; ')}`;
    case 'append':
      return `add one more item (还有一笔): ${itemText(action.item, today, false)}`;
    case 'correct': {
      const { goal, field, by, item } = action;
      const which = by === 'ordinal' ? `card item ${ordinal(item.index)}` : `the item ${goal.description} (name it by what it was: ${goal.description}那笔)`;
      const value =
        field === 'amount'
          ? `its amount should be ${amountText(goal.amount)}`
          : field === 'type'
            ? `it should be ${TYPE_WORD[goal.type]}`
            : field === 'category'
              ? `its category should be ${goal.category}`
              : `its day should be ${dayWord(goal.date ?? today, today)}`;
      return `correct ${which}: ${value}`;
    }
    case 'cancelItem':
      return `delete card item ${ordinal(action.item.index)}: it is not one of yours`;
    case 'confirmItem':
      return `confirm card item ${ordinal(action.item.index)} only`;
    case 'confirm':
      return 'everything on the card is right: confirm it';
    case 'cancel':
      return 'you give up: cancel everything';
  }
}

/** Kept short: on a busy CPU every prompt token costs (the system prompt is cached, this is not). */
function userMessage(persona: Persona, action: UserAction, context: TurnContext, refused: readonly Draw[]): string {
  const goal = context.goal
    .map((item) => `${item.date ? `${dayWord(item.date, context.today)} ` : ''}${item.description} ${amountText(item.amount)} ${item.category}`)
    .join('; ');
  const history = context.history.slice(-HISTORY_TURNS).flatMap((turn) => [`you: ${turn.user}`, `app: ${turn.spoken.join(' ') || '(nothing)'}`]);
  const lines = [
    `persona: ${personaText(persona)}`,
    `goal: ${goal}`,
    ...(history.length > 0 ? [`said so far${context.history.length > HISTORY_TURNS ? ' (last turns)' : ''}:`, ...history] : []),
    ...(context.card ? ['card the app shows:', renderCard(context.card)] : []),
    `task: ${taskText(action, context.today)}`,
    ...refused.map((draw) => `not used: 「${draw.line}」 (${draw.refused ?? ''}). Say the task again, exactly.`),
  ];
  return lines.join('\n');
}
