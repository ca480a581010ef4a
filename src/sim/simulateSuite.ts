import type { Dialogue } from '../datasets/datasetTypes.js';
import { asRun, type ChatBackend } from '../llm/backend.js';
import type { OrchestratorConfig } from '../domain/orchestratorTypes.js';
import { DEFAULT_CONFIG } from '../domain/orchestratorTypes.js';
import type { Protocol } from '../domain/vocabulary.js';
import type { DialogueCore } from './dialogueSession.js';
import { orderedPool } from './orderedPool.js';
import { protocolArm } from './protocolArms.js';
import { scriptedOnlyReason } from './scriptedOnly.js';
import { runDialogue, type RunMode } from './runDialogue.js';
import type { DialogueTrace } from './trace.js';
import { seededUuids } from './seededUuids.js';
import { SqliteStore } from './sqliteStore.js';
import { ownersOf, runOwner } from './rowOwners.js';

export interface SimulationOptions {
  readonly backend: ChatBackend;
  readonly mode: RunMode;
  readonly seed: number;
  readonly repeat: number;
  /** SQLite file for saved rows; ':memory:' by default. */
  readonly dbFile?: string;
  readonly config?: Partial<OrchestratorConfig>;
  /** The protocol arm under test (default batch). */
  readonly protocol?: Protocol;
  /** Takes the place of the arm's in-process core: an external orchestrator (ExternalCore), one dialogue at a time. */
  readonly core?: DialogueCore;
  /** Dialogues in flight at once (real backends; the scripted backend is per-turn and needs 1); a function is asked before each start. */
  readonly concurrency?: number | (() => number);
  /** The run's today (`run --today`), for dialogues that name none (DEFAULT_TODAY when absent). */
  readonly today?: string;
}

/** Dialogues between emptyings of an in-memory store. */
const FORGET_EVERY = 1000;

/** A dialogue's traces, one per repeat run, or why the protocol arm cannot run it. */
export type SimulatedDialogue =
  { readonly dialogue: Dialogue; readonly traces: readonly DialogueTrace[] } | { readonly dialogue: Dialogue; readonly skipped: string };

/**
 * Runs each dialogue `repeat` times through the protocol arm's core and yields the traces as a
 * stream, in dataset order, so memory stays flat. With `concurrency` > 1 (real backends) a pool
 * keeps that many dialogues in flight, starting the next as soon as one finishes. It only
 * simulates: scoring happens in the CLI's pipeline.
 */
export async function* simulateSuite(dialogues: Iterable<Dialogue>, options: SimulationOptions): AsyncGenerator<SimulatedDialogue> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const store = new SqliteStore(options.dbFile ?? ':memory:', seededUuids(options.seed), () => 0);
  const arm = protocolArm(options.protocol ?? 'batch');
  // Another backend than the script: dialogues only the script can satisfy are not applicable.
  const probeStore = options.backend.script ? null : new SqliteStore(':memory:', seededUuids(options.seed), () => 0);

  // An in-memory store would keep every row of the run; rows matter only within their dialogue, so
  // once enough dialogues have finished it keeps only the rows of those still in flight (a pool of
  // real backends may never be idle), or drops them all when none is (flat memory).
  const inMemory = (options.dbFile ?? ':memory:') === ':memory:';
  const inFlight = new Set<string>();
  let sinceForget = 0;
  const forgetFinished = (id: string): void => {
    inFlight.delete(id);
    if (!inMemory || ++sinceForget < FORGET_EVERY) return;
    sinceForget = 0;
    const keep = [...inFlight].flatMap((live) => ownersOf(live, options.repeat));
    store.forgetRowsExcept(keep);
    probeStore?.forgetRowsExcept(keep);
  };

  const runOne = async (dialogue: Dialogue): Promise<SimulatedDialogue> => {
    inFlight.add(dialogue.id);
    try {
      return await simulateOne(dialogue);
    } finally {
      forgetFinished(dialogue.id);
    }
  };

  const simulateOne = async (dialogue: Dialogue): Promise<SimulatedDialogue> => {
    const skipped = arm.cannotRun(dialogue, options.backend);
    if (skipped !== null) return { dialogue, skipped };
    const scriptedOnly = probeStore ? await scriptedOnlyReason(dialogue, { store: probeStore, core: arm.core, config, today: options.today }) : null;
    if (scriptedOnly !== null) return { dialogue, skipped: `not applicable to ${options.backend.name}: ${scriptedOnly}` };
    const traces: DialogueTrace[] = [];
    for (let run = 0; run < options.repeat; run++) {
      const owner = runOwner(dialogue.id, run, options.repeat);
      // Each run of each dialogue is its own sample of the model (a cassette keeps one answer per run); the script has no samples.
      const backend = options.backend.script ? options.backend : asRun(options.backend, run, dialogue.id);
      const trace = await runDialogue(dialogue, { backend, store, mode: options.mode, owner, config, core: options.core ?? arm.core, today: options.today });
      const outside = run === 0 ? arm.skipAfterRun(trace) : null;
      if (outside) return { dialogue, skipped: outside };
      traces.push(trace);
    }
    return { dialogue, traces };
  };

  try {
    yield* orderedPool(dialogues, runOne, { width: options.concurrency ?? 1 });
  } finally {
    store.close();
    probeStore?.close();
  }
}
