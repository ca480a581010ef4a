import type { Phase, TurnRoute } from '../domain/vocabulary.js';

/** What the model says for one endpoint in one turn (scripted backend only). */
export interface ScriptedAnswer {
  /** A JSON value the model answers with; serialised and sent through the gateway like real model text. */
  readonly json?: unknown;
  /** Text the model returns verbatim (for malformed answers). */
  readonly raw?: string;
  /** No answer: `timeout` never answers within the deadline, `error` fails the request. */
  readonly fault?: 'timeout' | 'error';
  readonly latencyMs?: number;
}

export interface TurnScript {
  readonly parse?: ScriptedAnswer;
  readonly correct?: ScriptedAnswer;
  readonly conversation?: ScriptedAnswer;
  /** From the turn-level `raw:` / `fault:` keys: answers the one call of the turn, whichever endpoint it is. */
  readonly any?: ScriptedAnswer;
}

export interface ExpectedItem {
  readonly index?: number;
  readonly amount?: number | null;
  readonly type?: 'EXPENSE' | 'INCOME' | 'TRANSFER';
  readonly category?: string | null;
  readonly description?: string | null;
  /** The day the item is for, YYYY-MM-DD; null on a batch item: no day named (it is saved on the dialogue's today). */
  readonly date?: string | null;
  readonly status?: 'pending' | 'confirmed' | 'cancelled';
  /** Who produced the item's fields (`batch` only): the model (`llm`) or the local rules (`local`). */
  readonly source?: 'llm' | 'local';
}

export interface TurnExpectation {
  readonly state?: Phase;
  readonly route?: TurnRoute;
  readonly intent?: string;
  /** What the correction step's answer led to (`applied`, `unclear`, `lowConfidence`, …); null = no correction step. */
  readonly outcome?: string | null;
  /** Why the turn's LLM call gave nothing usable (`timeout`, `error`, `malformed`, `invalid`); null = it did. */
  readonly failure?: string | null;
  /**
   * Subset of the correction request sent to the LLM this turn (currentBatch items matched by position,
   * fields subset; `context` lists compared exactly).
   */
  readonly llmRequest?: {
    /** The text sent to the parse endpoint this turn. */
    readonly parseText?: string;
    readonly correctionText?: string;
    readonly currentBatch?: readonly ExpectedItem[];
    readonly context?: { readonly recentCategories?: readonly string[]; readonly customCategories?: readonly string[] };
  };
  /**
   * The Delegate callbacks the turn fired, exactly and in order (seed 001 Delegate 模式解耦);
   * `onSessionEnded` carries its reason: `onSessionEnded:exit`, `:timeout`, `:dispose`.
   */
  readonly notify?: readonly string[];
  /**
   * The turn's LLM calls as `endpoint:outcome`, exactly and in order: `ok`, `malformed`, `invalid`,
   * `error`, `timeout` (never answered), `late` (its answer was dropped: after the deadline or a dispose).
   */
  readonly llmCalls?: readonly string[];
  /**
   * Which original item each index of the applied correction answer landed on (`sentIndex` in the
   * pending list the model saw → `originalIndex` in the batch), exactly and in order (seed 001 索引映射).
   */
  readonly mapping?: readonly { readonly sentIndex: number; readonly originalIndex: number }[];
  /** The events the orchestrator refused this turn as `event:kind` (`notAccepted`, `stale`), exactly and in order. */
  readonly refused?: readonly string[];
  /** null = no batch; otherwise the exact item count, each item a field subset. */
  readonly batch?: readonly ExpectedItem[] | null;
  readonly tts?: readonly string[];
  readonly ttsIncludes?: readonly string[];
  readonly saved?: readonly ExpectedItem[];
  /**
   * Fields compared exactly on every backend. On a model backend (not the script) `description`,
   * `category` (as the canonical category) and `tts` (as sentence and numbers) are otherwise tolerant.
   */
  readonly pin?: readonly ('description' | 'category' | 'tts')[];
}

export interface Turn {
  /** 1-based line of the turn in its file, for error messages and reports. */
  readonly line: number;
  readonly user?: string;
  readonly tap?: 'confirm' | 'cancel';
  readonly advanceMs?: number;
  /** The app disposes the session (seed 001 Delegate 安全): at once as a turn of its own. */
  readonly dispose?: true;
  /** On a user or tap turn: the app disposes the session this many ms after the input, whatever is still awaited. */
  readonly disposeAfterMs?: number;
  readonly network?: 'online' | 'offline';
  readonly llm?: TurnScript;
  readonly store?: { readonly fail?: boolean };
  readonly expect?: TurnExpectation;
}

export interface Dialogue {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly network: 'online' | 'offline';
  readonly turns: readonly Turn[];
  /**
   * Whether only the scripted backend can judge the dialogue: a reason string marks it so, `false`
   * forces it to apply to every backend; absent, the harness infers it (sim/scriptedOnly.ts).
   */
  readonly scriptedOnly?: string | false;
  /**
   * The day the dialogue takes as today (YYYY-MM-DD): its own `today`, else its file's. Absent, the
   * run's (`run --today`, else DEFAULT_TODAY in domain/relativeDates.ts).
   */
  readonly today?: string;
  /** Where it came from: `datasets/foo.yaml`, and the 1-based line of its `- id:`. */
  readonly file: string;
  readonly line: number;
}

/**
 * A located problem in a dataset file: printed as `file:line:col: message`, or `file: message`
 * for the file as a whole (line 0: missing, unreadable), which has no line to point at.
 */
export interface DatasetIssue {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

/** The file as a whole: an issue with no line in it. */
export const WHOLE_FILE = { line: 0, col: 0 } as const;

export function issueText(issue: DatasetIssue): string {
  const where = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.col}` : issue.file;
  return `${where}: ${issue.message}`;
}

export class DatasetError extends Error {
  constructor(readonly issues: readonly DatasetIssue[]) {
    super(issues.map(issueText).join('\n'));
    this.name = 'DatasetError';
  }
}
