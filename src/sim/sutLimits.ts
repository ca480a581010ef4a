/**
 * How much of a SUT's answer the harness takes in, so a SUT that floods (a 100 MB line, a 2 MB
 * `speak` every step) fails its dialogue instead of growing the harness and its reports. Far above
 * any real reply: a 10-item batch step is under 4 KiB.
 */
export const MAX_SUT_LINE_CHARS = 1024 * 1024;
/** Any string in a reply: a spoken line, a notify text, the handshake's name. */
export const MAX_SUT_STRING_CHARS = 4096;
/** Any list in a reply: effects, batch items. */
export const MAX_SUT_LIST_ITEMS = 1000;

/** Where a parsed reply breaks the limits, or null. Walked with an explicit stack. */
export function oversizedField(value: unknown): string | null {
  const stack: Array<{ node: unknown; path: string }> = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.length > MAX_SUT_STRING_CHARS) return `${path || '/'} is a string of ${node.length} characters (at most ${MAX_SUT_STRING_CHARS})`;
    } else if (Array.isArray(node)) {
      if (node.length > MAX_SUT_LIST_ITEMS) return `${path || '/'} is a list of ${node.length} items (at most ${MAX_SUT_LIST_ITEMS})`;
      node.forEach((item, i) => stack.push({ node: item, path: `${path}/${i}` }));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) stack.push({ node: child, path: `${path}/${key}` });
    }
  }
  return null;
}
