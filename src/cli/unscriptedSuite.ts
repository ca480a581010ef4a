/**
 * A suite written for real models (no `llm:` blocks) run on the scripted backend, the default
 * `--llm`: every model-facing turn would fail for want of an answer, which reads as failures of
 * the app rather than a usage mistake. Refused before anything runs.
 */
import type { Dialogue } from '../datasets/datasetTypes.js';
import { backendEntry, backendNames } from '../backends/registry.js';
import { layerOneRoute } from '../scoring/metrics/modelTurnKind.js';
import { UsageError } from './exitCodes.js';

export function refuseUnscriptedSuite(llm: string, dialogues: Iterable<Dialogue>): void {
  if (backendEntry(llm).answers !== 'script') return;
  let selected = 0;
  let reachModel = 0;
  for (const dialogue of dialogues) {
    selected++;
    for (const turn of dialogue.turns) {
      if (turn.llm !== undefined) return;
      // With the state unknown, only a line Layer 1 never takes surely reaches the model.
      const online = (turn.network ?? dialogue.network) === 'online';
      if (online && turn.user !== undefined && layerOneRoute(turn.user, undefined) === 'model') reachModel++;
    }
  }
  if (reachModel === 0) return;
  const others = backendNames((entry) => entry.answers === 'input').join('|');
  throw new UsageError(
    `--llm ${llm}: the ${selected} selected dialogues script no model answer (no llm: blocks), yet ${reachModel} of their lines reach the model; ` +
      `this suite is written for a model: run it with --llm ${others}`,
  );
}
