import { open } from 'node:fs/promises';

/** Pieces are gathered to about this many characters per write: few system calls, little memory. */
const WRITE_CHARS = 1 << 16;

/** Writes the pieces of a rendering to `file` as they come, so no rendering is held whole. */
export async function writeChunks(file: string, chunks: Iterable<string>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    let pending = '';
    for (const chunk of chunks) {
      pending += chunk;
      if (pending.length >= WRITE_CHARS) {
        await handle.writeFile(pending, 'utf8');
        pending = '';
      }
    }
    if (pending !== '') await handle.writeFile(pending, 'utf8');
  } finally {
    await handle.close();
  }
}
