import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';

/** A path into the parsed data: map keys and list indexes. */
export type Segment = string | number;

export interface Position {
  readonly line: number;
  readonly col: number;
}

/** `turns[2].expect.route`: the path inside one dialogue (its index in the file is the position's job). */
export function fieldPath(segments: readonly Segment[]): string {
  if (segments.length === 0) return 'file';
  // In a `{today, dialogues}` file a dialogue's fields read as in a list file; the file's own keys by name.
  if (segments[0] === 'dialogues' && typeof segments[1] === 'number') return fieldPath(segments.slice(1));
  if (typeof segments[0] === 'string') return joined(segments);
  const [dialogue, ...rest] = segments;
  if (rest.length === 0) return `dialogue[${String(dialogue)}]`;
  return joined(rest);
}

function joined(segments: readonly Segment[]): string {
  let text = '';
  for (const segment of segments) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  }
  return text;
}

/** Splits an ajv instancePath, using the data to tell list indexes from map keys that look like numbers. */
export function pointerSegments(pointer: string, data: unknown): Segment[] {
  const segments: Segment[] = [];
  let node = data;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(node) ? Number(key) : key;
    segments.push(segment);
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return segments;
}

/**
 * Position of the node at `segments`: its key (`target: 'key'`) or its value. Falls back to the
 * key when the value is empty (`route:` with nothing after it), and to the deepest existing
 * ancestor when the path does not exist (a missing required field).
 */
export function locate(
  doc: Document,
  lineCounter: LineCounter,
  segments: readonly Segment[],
  target: 'key' | 'value' = 'value',
): Position {
  let node: unknown = doc.contents;
  let offset = startOf(node) ?? 0;
  for (const [i, segment] of segments.entries()) {
    if (isAlias(node)) node = node.resolve(doc);
    let key: unknown;
    let value: unknown;
    if (isSeq(node) && typeof segment === 'number') {
      value = node.items[segment];
    } else if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      key = pair?.key;
      value = pair?.value;
    }
    if (key === undefined && value === undefined) break;
    const keyStart = startOf(key);
    const valueStart = isEmptyScalar(value) ? undefined : startOf(value);
    const wantKey = target === 'key' && i === segments.length - 1;
    offset = (wantKey ? keyStart : (valueStart ?? keyStart)) ?? offset;
    node = value;
  }
  return lineCounter.linePos(offset);
}

function startOf(node: unknown): number | undefined {
  if (node === null || typeof node !== 'object' || !('range' in node)) return undefined;
  const range = (node as { range?: readonly number[] | null }).range;
  return range?.[0];
}

function isEmptyScalar(node: unknown): boolean {
  return isScalar(node) && node.value === null && node.range?.[0] === node.range?.[1];
}
