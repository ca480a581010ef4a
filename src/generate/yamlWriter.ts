import { dirname, relative, resolve, sep } from 'node:path';
import { Document, isCollection, isMap, isScalar, visit } from 'yaml';
import { linkTarget } from '../util/linkTarget.js';
import { packageFolder } from '../util/packageFolder.js';
import type { GenTurn } from './model.js';
import type { GenDialogue } from './scenario.js';

/**
 * One dialogue as one line: `- ` and the dialogue as JSON, which is YAML flow style. The
 * loader reads such lines with JSON.parse, so a generated suite of 10 000 dialogues loads in
 * well under a second, and every line still validates and reports like any other dataset.
 */
export function dialogueYaml(dialogue: GenDialogue): string {
  const { id, title, tags, turns } = dialogue;
  return `- ${JSON.stringify({ id, title, tags, turns: turns.map(orderedTurn) })}\n`;
}

function orderedTurn({ user, tap, advanceMs, network, llm, store, expect }: GenTurn): GenTurn {
  return { user, tap, advanceMs, network, llm, store, expect };
}

/** Keys whose value reads best on one line: a dialogue's tags, a turn's script, each expectation. */
const ONE_LINE_KEYS = new Set(['tags', 'llm']);

/**
 * Dialogues for a person to read and edit: block style down to each turn's keys, each tag list,
 * script and expectation on one line (`expect:` holds one line per key), text quoted where YAML
 * needs it (「午饭: 35块」).
 */
export function readableDialoguesYaml(dialogues: readonly object[]): string {
  const doc = new Document(dialogues);
  visit(doc, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? pair.key.value : null;
      if (typeof key === 'string' && ONE_LINE_KEYS.has(key) && isCollection(pair.value)) pair.value.flow = true;
      if (key === 'expect' && isMap(pair.value)) {
        for (const item of pair.value.items) if (isCollection(item.value)) item.value.flow = true;
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** The first line of a dataset file a person edits: editors that read it check the file against the schema, as the bundled datasets have. */
export function schemaLine(file: string): string {
  const schema = resolve(packageFolder('schema'), 'dataset.schema.json');
  const path = relative(dirname(linkTarget(file)), schema)
    .split(sep)
    .join('/');
  return `# yaml-language-server: $schema=${path}\n`;
}
