import { hash } from 'node:crypto';
import type { Dialogue, ScriptedAnswer, Turn, TurnScript } from './datasetTypes.js';

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
    turns: dialogue.turns.map(turnContent),
  };
  // One-shot hash, and hex of the first bytes only: a flat 16-character string, not a slice holding all 64 (one is kept per dialogue).
  return hash('sha256', JSON.stringify(content), 'buffer').toString('hex', 0, DIGEST_CHARS / 2);
}

/** The turn without its line, its script's answers left out and the script moved last (plain loops: this runs for every turn of a suite). */
function turnContent(turn: Turn): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const key in turn) if (key !== 'line' && key !== 'llm') content[key] = turn[key as keyof Turn];
  if (turn.llm) content['llm'] = conditions(turn.llm);
  return content;
}

/** What a turn's script sets besides the answer: the fault and the latency the harness applies around any backend. */
function conditions(script: TurnScript): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const endpoint in script) {
    const answer = script[endpoint as keyof TurnScript] as ScriptedAnswer;
    const rest: Record<string, unknown> = {};
    for (const key in answer) if (key !== 'json' && key !== 'raw') rest[key] = answer[key as keyof ScriptedAnswer];
    kept[endpoint] = rest;
  }
  return kept;
}
