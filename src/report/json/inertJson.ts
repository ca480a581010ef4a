/** How deep a JSON file read back (a report, a baseline) may nest: ours stay under 20 levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Why a parsed JSON value must not be used, or null: nesting deeper than MAX_JSON_DEPTH (which
 * would overflow the stack of whatever walks it recursively later: a renderer, JSON.stringify) or
 * a `__proto__` key (which plain assignment would turn into a prototype). Walked with an explicit
 * stack, so the check itself cannot overflow.
 */
export function unsafeJson(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `${path || '/'} nests deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++)
        if (node[i] !== null && typeof node[i] === 'object') stack.push({ value: node[i], depth: depth + 1, path: `${path}/${i}` });
      continue;
    }
    for (const key of Object.keys(node)) {
      if (key === '__proto__') return `${path}/__proto__ is not an allowed key`;
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1, path: `${path}/${key}` });
    }
  }
  return null;
}
