import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live descendants of `pid` (children, their children …), read from /proc at once, so it can
 * run in an 'exit' handler, where nothing asynchronous (a `ps` child, the tree-kill package) runs.
 * Catches what left its parent's process group (`setsid`, its own group) while its parent lives;
 * a process whose parent has exited belongs to init and is found by nothing. Empty without /proc.
 */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** SIGKILLs `pid`'s process group and every descendant found (tolerating those already gone). */
export function killTree(pid: number): void {
  const tree = descendants(pid);
  for (const target of [-pid, pid, ...tree]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
