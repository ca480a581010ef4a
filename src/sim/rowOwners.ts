/** Whose rows a store files a save under: a dialogue's run (one of its repeats) or its scripted-only probe. */
export function runOwner(dialogueId: string, run: number, repeat: number): string {
  return repeat > 1 ? `${dialogueId}#${run + 1}` : dialogueId;
}

export function probeOwner(dialogueId: string): string {
  return `${dialogueId}#probe`;
}

/** Every owner a dialogue's rows may be filed under (what a store keeps while it is in flight). */
export function ownersOf(dialogueId: string, repeat: number): string[] {
  return [probeOwner(dialogueId), ...Array.from({ length: repeat }, (_, run) => runOwner(dialogueId, run, repeat))];
}
