import type { CorrectionRequest } from '../domain/correctionProtocol.js';
import type { DraftBatch } from '../domain/draftBatch.js';
import type { LocalIntent } from '../domain/localIntent.js';
import type { LlmEndpoint, Phase, TurnRoute } from '../domain/vocabulary.js';
import type { HarnessEffect, HarnessEvent } from './harnessEvents.js';
import type { Turn } from '../datasets/datasetTypes.js';
import type { SavedRow } from './sqliteStore.js';

export interface TracedLlmCall {
  readonly id: number;
  readonly endpoint: LlmEndpoint;
  readonly request: string | CorrectionRequest | Readonly<Record<string, unknown>>;
  readonly sentAtMs: number;
  responseText: string | null;
  /** ok | malformed | invalid | error | timeout | late | scriptViolation */
  outcome: string;
  detail?: string;
  latencyMs: number | null;
  usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

/** Everything that happened in one turn, on the virtual clock (ms from the turn's start). */
export interface TurnTrace {
  readonly turn: Turn;
  readonly turnIndex: number;
  readonly network: 'online' | 'offline';
  /** The dialogue's today (YYYY-MM-DD): a batch item without a date is for this day. */
  readonly today: string;
  readonly events: { readonly atMs: number; readonly event: HarnessEvent }[];
  readonly effects: { readonly atMs: number; readonly effect: HarnessEffect }[];
  readonly spoken: { readonly atMs: number; readonly text: string }[];
  /** The Delegate callbacks fired, in order: `onSessionEnded` as `onSessionEnded:<reason>`. */
  readonly notified: string[];
  /** The events the core refused, as `event:kind` (`notAccepted`, `stale`). */
  readonly refused: string[];
  readonly llmCalls: TracedLlmCall[];
  readonly saved: SavedRow[];
  readonly saveErrors: string[];
  /** Harness problems of this turn: script violations, unused scripted answers. */
  readonly setupErrors: string[];
  intent: LocalIntent | null;
  route: TurnRoute;
  /** Outcome of the correction step (applied, unclear, lowConfidence, …) when there was one. */
  correctionOutcome: string | null;
  failure: string | null;
  mapping: readonly { readonly sentIndex: number; readonly originalIndex: number }[];
  phaseBefore: Phase;
  phaseAfter: Phase;
  batchBefore: DraftBatch | null;
  batchAfter: DraftBatch | null;
  virtualMs: number;
  /** Wall time of the orchestrator step that handled a locally routed line, in microseconds. */
  localStepUs: number | null;
}

export interface DialogueTrace {
  readonly dialogueId: string;
  readonly turns: TurnTrace[];
}

/** A turn's trace before it runs: the session fills it in as the turn's events happen. */
export function newTurnTrace(
  turn: Turn,
  turnIndex: number,
  network: 'online' | 'offline',
  session: { readonly phase: Phase; readonly batch: DraftBatch | null; readonly today: string },
): TurnTrace {
  return {
    turn,
    turnIndex,
    network,
    today: session.today,
    events: [],
    effects: [],
    spoken: [],
    notified: [],
    refused: [],
    llmCalls: [],
    saved: [],
    saveErrors: [],
    setupErrors: [],
    intent: null,
    route: 'none',
    correctionOutcome: null,
    failure: null,
    mapping: [],
    phaseBefore: session.phase,
    phaseAfter: session.phase,
    batchBefore: session.batch,
    batchAfter: session.batch,
    virtualMs: 0,
    localStepUs: null,
  };
}
