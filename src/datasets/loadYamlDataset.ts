import { LineCounter, parseDocument } from 'yaml';
import {
  DatasetError,
  type DatasetIssue,
  type Dialogue,
  type ScriptedAnswer,
  type Turn,
  type TurnExpectation,
  type TurnScript,
} from './datasetTypes.js';
import { idPositions } from './idPositions.js';
import { displayPath, readDatasetText } from './datasetFile.js';
import { schemaProblems, type Problem } from './schemaProblems.js';
import { fieldPath, locate, type Segment } from './yamlSource.js';

/** A dialogue as written in YAML, once it has passed the schema. */
interface RawDialogue {
  id: string;
  title?: string;
  tags?: string[];
  network?: 'online' | 'offline';
  turns: RawTurn[];
}

interface RawTurn {
  user?: string;
  tap?: 'confirm' | 'cancel';
  advanceMs?: number;
  network?: 'online' | 'offline';
  llm?: RawLlm;
  store?: { fail?: boolean };
  expect?: TurnExpectation;
}

interface RawLlm {
  parse?: object;
  correct?: object;
  conversation?: object;
  raw?: string;
  fault?: 'timeout' | 'error';
  latencyMs?: number;
}

const ACTIONS = ['user', 'tap', 'advanceMs'] as const;
const ANSWERS = ['parse', 'correct', 'conversation'] as const;
const EXCLUSIVE_ANSWERS = ['raw', 'fault'] as const;

export function loadYamlDataset(file: string): Dialogue[] {
  const shown = displayPath(file);
  const text = readDatasetText(file, shown);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new DatasetError(
      doc.errors.map((e) => ({ file: shown, ...lineCounter.linePos(e.pos[0]), message: `YAML syntax: ${e.message}` })),
    );
  }
  if (doc.contents === null) {
    throw new DatasetError([{ file: shown, line: 1, col: 1, message: 'file is empty: expected a list of dialogues' }]);
  }

  const where = (at: readonly Segment[], target?: 'key' | 'value') => locate(doc, lineCounter, at, target);
  const data: unknown = doc.toJS();
  const problems = [...schemaProblems(data), ...semanticProblems(data, (at) => where(at).line)];
  if (problems.length > 0) {
    const issues = problems.map(
      (p): DatasetIssue => ({
        file: shown,
        ...where(p.at ?? p.path, p.target),
        message: `${fieldPath(p.path)}: ${p.message}`,
      }),
    );
    throw new DatasetError(issues.sort((a, b) => a.line - b.line || a.col - b.col));
  }

  return (data as RawDialogue[]).map((raw, i) => {
    const dialogue: Dialogue = {
      id: raw.id,
      title: raw.title ?? raw.id,
      tags: raw.tags ?? [],
      network: raw.network ?? 'online',
      turns: raw.turns.map((turn, j) => toTurn(turn, where([i, 'turns', j]).line)),
      file: shown,
      line: where([i]).line,
    };
    idPositions.set(dialogue, where([i, 'id']));
    return dialogue;
  });
}

/** What the schema cannot say: one action per turn, raw/fault alone, unique ids. */
function semanticProblems(data: unknown, lineOf: (at: readonly Segment[]) => number): Problem[] {
  if (!Array.isArray(data)) return [];
  const problems: Problem[] = [];
  const firstIndexById = new Map<string, number>();
  data.forEach((dialogue: unknown, i) => {
    if (!isRecord(dialogue)) return;
    if (typeof dialogue['id'] === 'string') {
      const first = firstIndexById.get(dialogue['id']);
      if (first === undefined) firstIndexById.set(dialogue['id'], i);
      else {
        const line = lineOf([first, 'id']);
        problems.push({ path: [i, 'id'], message: `duplicate id "${dialogue['id']}" (first used at line ${line})` });
      }
    }
    const turns = dialogue['turns'];
    if (Array.isArray(turns)) turns.forEach((turn: unknown, j) => problems.push(...turnProblems(turn, [i, 'turns', j])));
  });
  return problems;
}

function turnProblems(turn: unknown, path: readonly Segment[]): Problem[] {
  if (!isRecord(turn)) return [];
  const problems: Problem[] = [];
  const actions = ACTIONS.filter((key) => key in turn);
  if (actions.length === 0) {
    problems.push({ path, message: 'a turn needs exactly one of user, tap or advanceMs (found none)' });
  } else if (actions.length > 1) {
    const found = actions.join(' and ');
    const at = [...path, actions[1] ?? ''];
    problems.push({ path, message: `a turn needs exactly one of user, tap or advanceMs (found ${found})`, at, target: 'key' });
  }

  const llm = turn['llm'];
  if (!isRecord(llm)) return problems;
  const llmPath = [...path, 'llm'];
  const exclusive = EXCLUSIVE_ANSWERS.filter((key) => key in llm);
  const answers = ANSWERS.filter((key) => key in llm);
  if (exclusive.length === 0 && answers.length === 0) {
    problems.push({ path: llmPath, message: 'has no answer (parse, correct, conversation, raw or fault)' });
  }
  if (exclusive.length > 1) {
    problems.push({ path: [...llmPath, 'fault'], message: 'cannot be combined with raw', target: 'key' });
  }
  if (exclusive[0] !== undefined) {
    for (const key of answers) {
      const message = `cannot be combined with ${exclusive[0]} (raw/fault answer whichever call the turn makes; only latencyMs may go with them)`;
      problems.push({ path: [...llmPath, key], message, target: 'key' });
    }
  }
  return problems;
}

function toTurn(raw: RawTurn, line: number): Turn {
  return compact({
    line,
    user: raw.user,
    tap: raw.tap,
    advanceMs: raw.advanceMs,
    network: raw.network,
    llm: raw.llm && toScript(raw.llm),
    store: raw.store,
    expect: raw.expect,
  });
}

function toScript(llm: RawLlm): TurnScript {
  const answer = (fields: ScriptedAnswer): ScriptedAnswer => compact({ ...fields, latencyMs: llm.latencyMs });
  const json = (value: object | undefined) => (value === undefined ? undefined : answer({ json: value }));
  return compact({
    parse: json(llm.parse),
    correct: json(llm.correct),
    conversation: json(llm.conversation),
    any:
      llm.raw !== undefined
        ? answer({ raw: llm.raw })
        : llm.fault !== undefined
          ? answer({ fault: llm.fault })
          : undefined,
  });
}

/** Drops undefined fields so normalised values compare and print cleanly. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
