import { createHash } from 'node:crypto';
import type { Dialogue } from './datasetTypes.js';

/** Hex digits kept: enough to tell two versions of one dialogue apart, little enough to keep one per dialogue in a report. */
const DIGEST_CHARS = 16;

/**
 * What a dialogue tests, as a short sha256: its turns (inputs, scripted answers, expectations),
 * network and scriptedOnly, not where it sits (file, lines), its title or its tags. A run and its
 * baseline pair a dialogue only when id and digest both match: the same id with other content is
 * another test.
 */
export function dialogueDigest(dialogue: Dialogue): string {
  const content = {
    network: dialogue.network,
    scriptedOnly: dialogue.scriptedOnly ?? null,
    turns: dialogue.turns.map(({ line: _line, ...turn }) => turn),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, DIGEST_CHARS);
}
