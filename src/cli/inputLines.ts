import type { Readable } from 'node:stream';

/**
 * The texts a command works on: its positional arguments, or else one per non-empty
 * line of stdin when stdin is piped (not a terminal). Empty when there is neither.
 */
export async function readInputTexts(args: readonly (string | number)[] | undefined, stdin: Readable & { isTTY?: boolean } = process.stdin): Promise<string[]> {
  const fromArgs = (args ?? []).map(String).filter((text) => text.trim().length > 0);
  if (fromArgs.length > 0 || stdin.isTTY) return fromArgs;
  let input = '';
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) input += chunk as string;
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
