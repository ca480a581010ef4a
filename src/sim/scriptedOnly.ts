import type { Dialogue } from '../datasets/datasetTypes.js';
import type { OrchestratorConfig } from '../domain/orchestratorTypes.js';
import { ScriptedBackend } from '../llm/scriptedBackend.js';
import type { DialogueCore } from './dialogueSession.js';
import { runDialogue } from './runDialogue.js';
import type { SqliteStore } from './sqliteStore.js';
import { probeOwner } from './rowOwners.js';

/**
 * Why a dialogue can only pass with its scripted answers, or null when any model can be judged on
 * it. Decided by the harness itself: the dialogue is played once against its own script and a turn
 * is scripted-only when the script's answer is one a working model does not give — text the
 * gateway cannot read (malformed, e.g. a `raw:` answer), an answer that breaks the protocol
 * (invalid), or an acted-on intent under the confidence floor. Timing faults (latency, timeout,
 * error) are not on the list: the harness applies them around any backend. A dataset's
 * `scriptedOnly:` key overrides the inference either way.
 */
export async function scriptedOnlyReason(
  dialogue: Dialogue,
  probe: { readonly store: SqliteStore; readonly core: DialogueCore; readonly config?: Partial<OrchestratorConfig>; readonly today?: string },
): Promise<string | null> {
  if (dialogue.scriptedOnly === false) return null;
  if (typeof dialogue.scriptedOnly === 'string') return dialogue.scriptedOnly;
  if (!dialogue.turns.some((turn) => turn.llm)) return null;
  const trace = await runDialogue(dialogue, {
    backend: new ScriptedBackend(),
    store: probe.store,
    mode: 'e2e',
    owner: probeOwner(dialogue.id),
    config: probe.config,
    core: probe.core,
    today: probe.today,
  });
  for (const turn of trace.turns) {
    const where = `turn ${turn.turnIndex + 1} (line ${turn.turn.line})`;
    if (turn.failure === 'malformed') return `${where}: the script answers text no model answer parses to`;
    if (turn.failure === 'invalid') return `${where}: the script answers JSON that breaks the protocol`;
    // Under the floor an intent is treated as unclear: only a script that says something else needs the floor.
    if (turn.correctionOutcome === 'lowConfidence' && !answeredUnclear(turn.llmCalls.at(-1)?.responseText ?? null)) {
      return `${where}: the script answers a confidence under the floor`;
    }
  }
  return null;
}

function answeredUnclear(text: string | null): boolean {
  try {
    return (JSON.parse(text ?? '') as { intent?: unknown }).intent === 'unclear';
  } catch {
    return false;
  }
}
