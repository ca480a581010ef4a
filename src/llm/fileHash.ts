import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Streams the file through the hash: a file of any size costs no memory. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const data of createReadStream(path)) hash.update(data as Buffer);
  return hash.digest('hex');
}
