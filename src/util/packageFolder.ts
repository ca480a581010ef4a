import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from this module (src/util, dist/…, or the bundle) to the package root holding `name`, and returns that folder. */
export function packageFolder(name: string): string {
  const here = fileURLToPath(import.meta.url);
  for (let dir = dirname(here); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, name))) return join(dir, name);
    if (dirname(dir) === dir) throw new Error(`no ${name}/ folder above ${here}`);
  }
}
