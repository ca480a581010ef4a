import type { ChatBackend, ChatRequest, ChatResult } from './backend.js';
import { mulberry32 } from '../util/random.js';

/** Probabilities in [0, 1] of each kind of model mistake. */
export interface PerturbRates {
  /** Per transaction (parse) or per correction (correct): left out of the answer. */
  readonly drop: number;
  /** Per correction: its index moved one item up or down. */
  readonly offByOne: number;
  /** Per transaction or correction that carries an amount: the amount misheard (×10, or +10). */
  readonly amount: number;
  /** Per correction answer: another intent than the one the model gave. */
  readonly intent: number;
  /** Per answer: the confidence set below the app's floor (LOW_CONFIDENCE). */
  readonly lowConfidence: number;
  /**
   * Per correction: 「第N笔」 read as index N instead of N − 1 (seed 002, rule 2), one item too far,
   * every time it strikes: at 1, a model that has the convention wrong.
   */
  readonly ordinalAsIndex?: number;
}

// Appended kinds go last: a kind's position is part of its draws, so the older kinds strike where they did.
export const PERTURB_KINDS = ['drop', 'offByOne', 'amount', 'intent', 'lowConfidence', 'ordinalAsIndex'] as const;
type Kind = (typeof PERTURB_KINDS)[number];

/** The correction endpoint's intents as the wire protocol names them (the prompt lists the same five). */
const WIRE_INTENTS = ['correction', 'confirm', 'cancel', 'unclear', 'append'] as const;
/** Below the app's confidence floor (DEFAULT_CONFIG.confidenceFloor; llm/ may not import it, a test checks). */
export const LOW_CONFIDENCE = 0.4;

/** Reads `offByOne=0.05,drop=0.02`: known kinds only, each once, each a number in [0, 1]. */
export function parsePerturbSpec(spec: string): PerturbRates {
  const rates: PerturbRates & Partial<Record<Kind, number>> = { drop: 0, offByOne: 0, amount: 0, intent: 0, lowConfidence: 0 };
  const seen = new Set<string>();
  const parts = spec.split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) throw new Error(`--perturb: empty spec; write e.g. offByOne=0.05,drop=0.02 (kinds: ${PERTURB_KINDS.join(', ')})`);
  for (const part of parts) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(part);
    if (!match) throw new Error(`--perturb: '${part}' is not kind=rate (e.g. drop=0.02)`);
    const [, kind, value] = match as unknown as [string, string, string];
    if (!(PERTURB_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`--perturb: unknown kind '${kind}' (kinds: ${PERTURB_KINDS.join(', ')})`);
    }
    if (seen.has(kind)) throw new Error(`--perturb: '${kind}' is given twice`);
    seen.add(kind);
    const rate = Number(value);
    if (!/^\s*[0-9.eE+-]+\s*$/.test(value) || !Number.isFinite(rate) || rate < 0 || rate > 1) {
      throw new Error(`--perturb: rate of '${kind}' must be a number from 0 to 1, got '${value}'`);
    }
    (rates as Record<Kind, number>)[kind as Kind] = rate;
  }
  return rates;
}

export function formatPerturbRates(rates: PerturbRates): string {
  return PERTURB_KINDS.filter((kind) => (rates[kind] ?? 0) > 0)
    .map((kind) => `${kind}=${rates[kind]}`)
    .join(',');
}

/**
 * What a draw is keyed by, besides the seed. `call`: the call's number (arrival order, so the noise
 * moves with the order of calls). `request`: the request's sampling seed (0 when it sends none) and
 * its messages, so the same request at the same seed answers the same whatever the order of calls.
 * `dialogue`: the sampling seed and the batch the call is about (its descriptions, sorted: for a
 * parse call those the unperturbed answer gives, for a correction those of the currentBatch it sends),
 * so every call about one batch draws alike and a dialogue's turns fail together; a call with no batch
 * is keyed as `request`.
 */
export const PERTURB_KEYS = ['call', 'request', 'dialogue'] as const;
export type PerturbKey = (typeof PERTURB_KEYS)[number];

/** What a report records about the perturbation. */
export interface PerturbProvenance {
  readonly rates: PerturbRates;
  readonly seed: number;
}

type Json = Record<string, unknown>;

/**
 * A noisy model: wraps any backend and, seeded, mutates the JSON answers of the parse and
 * correct endpoints the way real models go wrong. Each draw is a hash of (seed, call number,
 * kind, position), so raising one rate never moves where another kind strikes, and raising a
 * rate only adds mutations to the ones a lower rate made (a monotone family of models).
 */
export class PerturbingBackend implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  /** Mutations made so far, by kind. */
  readonly applied: Record<Kind, number> = { drop: 0, offByOne: 0, amount: 0, intent: 0, lowConfidence: 0, ordinalAsIndex: 0 };
  private calls = 0;

  constructor(
    private readonly inner: ChatBackend,
    private readonly rates: PerturbRates,
    private readonly seed = 1,
    /** What a draw is keyed by, besides the seed (PerturbKey); `seededRequest` is `serve-llm --honour-seeds`. */
    private readonly key: PerturbKey | 'seededRequest' = 'call',
  ) {
    this.name = `perturb(${inner.name})`;
    this.model = inner.model;
    this.clock = inner.clock;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const call = ++this.calls;
    const result = await this.inner.complete(req);
    const endpoint = req.endpoint;
    if (endpoint !== 'parse' && endpoint !== 'correct') return result;
    const span = jsonSpan(result.text);
    if (!span) return result;
    const key = this.drawKey(req, call, span.value);
    const draw = (kind: Kind, position: number) => hashUnit(this.seed, ...key, PERTURB_KINDS.indexOf(kind), position);
    const mutated = endpoint === 'parse' ? this.perturbParse(span.value, draw) : this.perturbCorrect(span.value, draw);
    if (!mutated) return result;
    return { ...result, text: result.text.slice(0, span.start) + JSON.stringify(span.value) + result.text.slice(span.end) };
  }

  /** The numbers a call's draws are keyed by (with the seed, the kind and the position). */
  private drawKey(req: ChatRequest, call: number, answer: Json): number[] {
    const requestSeed = req.sampling?.seed;
    switch (this.key) {
      case 'call':
        return [call];
      case 'seededRequest':
        return requestSeed === undefined ? [call] : [requestSeed, messagesHash(req)];
      case 'request':
        return [requestSeed ?? 0, messagesHash(req)];
      case 'dialogue':
        return [requestSeed ?? 0, batchHash(req, answer) ?? messagesHash(req)];
    }
  }

  private hit(kind: Kind, draw: (kind: Kind, position: number) => number, position: number): boolean {
    if (draw(kind, position) >= (this.rates[kind] ?? 0)) return false;
    this.applied[kind]++;
    return true;
  }

  private perturbParse(answer: Json, draw: (kind: Kind, position: number) => number): boolean {
    if (!Array.isArray(answer.transactions)) return false;
    let changed = false;
    const kept: unknown[] = [];
    answer.transactions.forEach((item: unknown, position) => {
      if (this.hit('drop', draw, position)) return void (changed = true);
      if (isObject(item) && typeof item.amount === 'number' && this.hit('amount', draw, position)) {
        item.amount = misheard(item.amount, draw('amount', position + 1000));
        changed = true;
      }
      if (isObject(item) && this.hit('lowConfidence', draw, position)) {
        item.confidence = LOW_CONFIDENCE;
        changed = true;
      }
      kept.push(item);
    });
    answer.transactions = kept;
    return changed;
  }

  private perturbCorrect(answer: Json, draw: (kind: Kind, position: number) => number): boolean {
    let changed = false;
    if (Array.isArray(answer.corrections)) {
      const kept: unknown[] = [];
      answer.corrections.forEach((correction: unknown, position) => {
        if (this.hit('drop', draw, position)) return void (changed = true);
        if (isObject(correction)) {
          if (typeof correction.index === 'number' && correction.index >= 0 && this.hit('offByOne', draw, position)) {
            // Down from the first item is impossible in a real answer too; move it up instead.
            const down = draw('offByOne', position + 1000) < 0.5 && correction.index > 0;
            correction.index += down ? -1 : 1;
            changed = true;
          }
          if (typeof correction.index === 'number' && correction.index >= 0 && this.hit('ordinalAsIndex', draw, position)) {
            correction.index += 1;
            changed = true;
          }
          const fields = correction.updatedFields;
          if (isObject(fields) && typeof fields.amount === 'number' && this.hit('amount', draw, position)) {
            fields.amount = misheard(fields.amount, draw('amount', position + 1000));
            changed = true;
          }
        }
        kept.push(correction);
      });
      answer.corrections = kept;
    }
    if (typeof answer.intent === 'string' && this.hit('intent', draw, 0)) {
      const others = WIRE_INTENTS.filter((intent) => intent !== answer.intent);
      answer.intent = others[Math.floor(draw('intent', 1000) * others.length)];
      changed = true;
    }
    if (this.hit('lowConfidence', draw, 0)) {
      answer.confidence = LOW_CONFIDENCE;
      changed = true;
    }
    return changed;
  }
}

/** 十五 heard as 五十 and the like: ten times the amount, or ten more. */
function misheard(amount: number, draw: number): number {
  return draw < 0.5 ? amount * 10 : amount + 10;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The outermost {...} of a model's text, parsed; null when there is none (the gateway counts that). */
function jsonSpan(text: string): { start: number; end: number; value: Json } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}') + 1;
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end));
    return isObject(value) ? { start, end, value } : null;
  } catch {
    return null;
  }
}

/** 32 bits of the request's messages (FNV-1a over their text), so the same prompt draws the same. */
function messagesHash(req: ChatRequest): number {
  let h = 0x811c9dc5;
  for (const message of req.messages) h = textHash(`${message.role}\u0000${message.content}\u0001`, h);
  return h;
}

/**
 * 32 bits of the descriptions of the batch a call is about, sorted (PerturbKey `dialogue`): a parse
 * answer's transactions, or the currentBatch of a correction's user message. Null when it names none.
 */
function batchHash(req: ChatRequest, answer: Json): number | null {
  const items = req.endpoint === 'parse' ? answer.transactions : currentBatch(req);
  if (!Array.isArray(items)) return null;
  const descriptions = items.map((item: unknown) => (isObject(item) && typeof item.description === 'string' ? item.description : '')).filter(Boolean);
  return descriptions.length === 0 ? null : textHash(descriptions.sort().join('\u0001'));
}

function currentBatch(req: ChatRequest): unknown {
  const user = req.messages.findLast((message) => message.role === 'user');
  try {
    const body: unknown = JSON.parse(user?.content ?? '');
    return isObject(body) ? body.currentBatch : undefined;
  } catch {
    return undefined;
  }
}

function textHash(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A uniform draw in [0, 1) that depends only on its inputs. */
function hashUnit(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) h = Math.imul(h ^ (part >>> 0), 0x01000193) >>> 0;
  return mulberry32(h)();
}
