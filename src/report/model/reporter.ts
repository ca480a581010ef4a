/**
 * A report format: the file it is written as, and how a document renders into it (in pieces,
 * split between whole values, so a large report is never held whole and each piece can be
 * redacted alone). Formats are registered in src/formats/registry.ts.
 */
export interface Reporter<Doc> {
  readonly file: string;
  render(doc: Doc): Iterable<string>;
}
