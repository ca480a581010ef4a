/** Writes a document in every format registered for its kind, as one set (see util/fileSet). */
import type { Reporter } from '../report/model/reporter.js';
import { writeFileSet } from '../util/fileSet.js';
import { REPORTERS, type DocumentKind, type Documents } from './registry.js';

export interface WriteOptions {
  /** Applied to every rendered piece (e.g. a key's redaction). */
  readonly redact?: (text: string) => string;
}

/** Returns the written paths. */
export function writeReportSet<K extends DocumentKind>(kind: K, outDir: string, doc: Documents[K], options: WriteOptions = {}): Promise<string[]> {
  const { redact } = options;
  const reporters: readonly Reporter<Documents[K]>[] = REPORTERS[kind];
  return writeFileSet(
    outDir,
    reporters.map((reporter) => [
      reporter.file,
      // Pieces split between whole values (a dialogue, an XML line), never inside a string: each is redacted alone.
      () => (redact ? mapPieces(reporter.render(doc), redact) : reporter.render(doc)),
    ]),
  );
}

function* mapPieces(pieces: Iterable<string>, map: (text: string) => string): Generator<string> {
  for (const piece of pieces) yield map(piece);
}
