/** Where a path really leads: writing through a symbolic link writes its target and keeps the link. */
import { readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Links followed before giving up (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * The absolute path `path` leads to with every symbolic link resolved, also when it (or a folder
 * above it) does not exist yet: a dangling link leads to the path it names, which a writer then
 * creates. A writer that renamed onto the link itself would replace the link with a file or folder.
 */
export function linkTarget(path: string): string {
  let at = resolve(path);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    try {
      return realpathSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    let link: string;
    try {
      link = readlinkSync(at);
    } catch {
      // Not a link (absent): the folder above it is resolved instead.
      const up = dirname(at);
      return up === at ? at : join(linkTarget(up), basename(at));
    }
    at = resolve(dirname(at), link);
  }
  throw Object.assign(new Error(`${path}: too many levels of symbolic links`), { code: 'ELOOP', path });
}
