// Where the time goes in a V8 .cpuprofile (from node --cpu-prof): self time grouped by
// file (node_modules packages collapsed to their name), largest first.
import { readFileSync } from 'node:fs';

function groupOf(url, functionName) {
  if (!url) return functionName ? `(${functionName})` : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return `node_modules/${pkg[1]}`;
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

export function summarizeProfile(file, top = 12) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const groups = new Map();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { url, functionName } = nodes.get(id).callFrame;
    const key = groupOf(url, functionName);
    groups.set(key, (groups.get(key) ?? 0) + us);
    totalUs += us;
  }
  const rows = [...groups].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs: Math.round(totalUs / 1000), rows: rows.map(([where, us]) => ({ where, ms: Math.round(us / 1000), share: us / totalUs })) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { totalMs, rows } = summarizeProfile(process.argv[2], Number(process.argv[3] ?? 15));
  console.log(`total ${totalMs} ms of samples`);
  for (const row of rows) console.log(`${String(row.ms).padStart(8)} ms ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.where}`);
}
