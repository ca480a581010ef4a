import type { Dialogue, Turn, TurnExpectation } from '../datasets/datasetTypes.js';
import type { Protocol } from '../domain/vocabulary.js';

const NEUTRAL_ROUTES: ReadonlySet<string> = new Set(['local', 'offline', 'none']);

/**
 * Seed 004 arm. The dataset's expectations are written for the batch protocol, so only the
 * protocol-neutral ones are judged: `state`, `batch`, `saved`, the Layer-1 `intent` (both
 * protocols share the local classifier), and `route` when it is decided before any endpoint
 * answers (local, offline, none). Wording (`tts`, `ttsIncludes`), the correction request
 * (`llmRequest`, `llmCalls`), the correction `outcome`/`failure`, the Delegate callbacks (`notify`: seed 004 has its own)
 * and `route` llm/fallback (which endpoint answered, and how) are protocol-specific:
 * they are left out and counted as not applicable.
 */
function neutral(expect: TurnExpectation): { expect: TurnExpectation; dropped: number } {
  const kept: Record<string, unknown> = {};
  let dropped = 0;
  for (const [key, value] of Object.entries(expect)) {
    const judged = key === 'state' || key === 'batch' || key === 'saved' || key === 'intent' || (key === 'route' && NEUTRAL_ROUTES.has(value as string));
    if (judged) kept[key] = value;
    else if (value !== undefined) dropped++;
  }
  return { expect: kept, dropped };
}

/**
 * The dialogue with the expectations the protocol judges (the batch protocol judges them all),
 * and how many it leaves out as not applicable per run.
 */
export function judgedExpectations(protocol: Protocol, dialogue: Dialogue): { dialogue: Dialogue; notApplicable: number } {
  if (protocol === 'batch') return { dialogue, notApplicable: 0 };
  let notApplicable = 0;
  const turns = dialogue.turns.map((turn): Turn => {
    if (!turn.expect) return turn;
    const { expect, dropped } = neutral(turn.expect);
    notApplicable += dropped;
    return { ...turn, expect };
  });
  return { dialogue: { ...dialogue, turns }, notApplicable };
}
