/** A near miss of a known name, for messages about a misspelt field, option or placeholder. */

/** ` (did you mean "x"?)` when `got` is a near miss of one of `candidates`, else ''. */
export function didYouMean(got: string, candidates: readonly string[]): string {
  const lower = got.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = got.length <= 4 ? 1 : got.length <= 7 ? 2 : 3;
  return best !== undefined && bestDistance <= tolerance ? ` (did you mean "${best}"?)` : '';
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
