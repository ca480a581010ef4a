/** Which reports keep each dialogue's scores (report.json's `repeated`): decided once, for `run` and for `merge`. */
import { answersRepeat } from '../backends/registry.js';

export interface ScoresNeed {
  /** Runs of each dialogue (after a backend whose answers repeat ran once). */
  readonly repeat: number;
  /** The backend that answered. */
  readonly backend: string;
  /** The gate paired part of the selection with its baseline. */
  readonly partlyPaired: boolean;
  /** A later gate pairs against this report by dialogue: a baseline being written, a shard, a sequential run, an external SUT's run. */
  readonly pairedLater: boolean;
}

/**
 * A report keeps each dialogue's scores wherever a gate scores the metrics over the dialogues it
 * pairs: at --repeat 2 or more, when its gate paired part of the selection, when a later gate
 * (merge, compare, a --sequential run) pairs against it, and for a model with noise, whose gate
 * tests over dialogues, never over turns as if independent.
 */
export function keepsDialogueScores(need: ScoresNeed): boolean {
  return need.repeat >= 2 || need.partlyPaired || need.pairedLater || !answersRepeat(need.backend);
}
