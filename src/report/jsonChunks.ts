/**
 * JSON.stringify of a report object, in pieces: every top-level value is stringified on its
 * own and the `dialogues` array one element at a time, so no single string grows with the
 * run (a million dialogues would pass V8's longest string). The pieces join to exactly what
 * JSON.stringify(value, null, indent) gives.
 */
export function* jsonChunks(value: object, indent: 2 | 0, streamedKey = 'dialogues'): Generator<string> {
  const pad = indent === 2 ? '\n  ' : '';
  const colon = indent === 2 ? ': ' : ':';
  let first = true;
  yield '{';
  for (const [key, member] of Object.entries(value)) {
    const text = key === streamedKey && Array.isArray(member) ? null : stringifyAt(member, indent, 1);
    if (text === undefined) continue; // JSON.stringify leaves out undefined and function members
    yield `${first ? '' : ','}${pad}${JSON.stringify(key)}${colon}`;
    first = false;
    if (text !== null) yield text;
    else yield* arrayChunks(member as unknown[], indent);
  }
  yield first ? '}' : `${indent === 2 ? '\n' : ''}}`;
}

function* arrayChunks(items: readonly unknown[], indent: 2 | 0): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  const pad = indent === 2 ? '\n    ' : '';
  yield '[';
  for (let i = 0; i < items.length; i++) {
    yield `${i === 0 ? '' : ','}${pad}${stringifyAt(items[i], indent, 2) ?? 'null'}`;
  }
  yield indent === 2 ? '\n  ]' : ']';
}

/** JSON.stringify of a value that sits `depth` levels deep in a pretty-printed document. */
function stringifyAt(value: unknown, indent: 2 | 0, depth: number): string | undefined {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  if (text === undefined || indent === 0) return text;
  return text.replace(/\n/g, `\n${' '.repeat(indent * depth)}`);
}
