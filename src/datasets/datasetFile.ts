import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatasetError } from './datasetTypes.js';

/** The path to show in issues and reports: relative to cwd when the file is inside it, else as given. */
export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), path.resolve(file));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return file;
  return rel.split(path.sep).join('/');
}

export function readDatasetText(file: string, shown: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new DatasetError([{ file: shown, line: 1, col: 1, message: `cannot read file (${reason})` }]);
  }
}
