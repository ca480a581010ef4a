import { createHash } from 'node:crypto';
import type { Dialogue, ScriptedAnswer, TurnScript } from './datasetTypes.js';

/** Hex digits kept: enough to tell two versions of one dialogue apart, little enough to keep one per dialogue in a report. */
const DIGEST_CHARS = 16;

/**
 * What a dialogue tests, as a short sha256: its turns (inputs, timing, faults, expectations),
 * network, scriptedOnly and own today, not where it sits (file, lines), its title or its tags, and not the
 * scripted model's answers (`json`, `raw`): those are the stand-in model under `--llm scripted`,
 * and a run that changes them changes the model, not the test. A run and its baseline pair a
 * dialogue only when id and digest both match: the same id with other content is another test.
 */
export function dialogueDigest(dialogue: Dialogue): string {
  const content = {
    network: dialogue.network,
    scriptedOnly: dialogue.scriptedOnly ?? null,
    // The day 昨天 means: part of what a dated dialogue expects (absent, the run's today).
    ...(dialogue.today !== undefined ? { today: dialogue.today } : {}),
    turns: dialogue.turns.map(({ line: _line, llm, ...turn }) => ({ ...turn, ...(llm ? { llm: conditions(llm) } : {}) })),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, DIGEST_CHARS);
}

/** What a turn's script sets besides the answer: the fault and the latency the harness applies around any backend. */
function conditions(script: TurnScript): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(script).map(([endpoint, answer]) => {
      const { json: _json, raw: _raw, ...rest } = answer as ScriptedAnswer;
      return [endpoint, rest];
    }),
  );
}
