// Where a run's CPU goes, per turn: a V8 .cpuprofile (node --cpu-prof) with each sample charged
// to the harness layer that was running. A sample in Node's own code or a built-in (JSON.parse,
// readFileSync) is charged to the nearest caller in dist/ or a package, so "dataset" includes
// the parsing the loader asked for.
//
//   node scripts/turnBudget.mjs PROFILE TURNS
import { readFileSync } from 'node:fs';

/** [bucket, test on the charged frame's URL], first match wins. */
const BUCKETS = [
  ['SQLite (store inserts)', (url) => /dist\/sim\/sqliteStore|node_modules\/better-sqlite3/.test(url)],
  ['dataset reading and parsing', (url) => /dist\/datasets\/|node_modules\/(js-yaml|yaml|csv-parse)\//.test(url)],
  ['orchestrator and domain', (url) => /dist\/domain\//.test(url)],
  ['gateway and scripted model', (url) => /dist\/gateway\/|dist\/llm\/|dist\/reference\//.test(url)],
  ['dialogue runner and traces', (url) => /dist\/sim\//.test(url)],
  ['scoring', (url) => /dist\/scoring\/|dist\/cli\/pipeline/.test(url)],
  ['report writing', (url) => /dist\/report\//.test(url)],
  ['CLI and argument parsing', (url) => /dist\/cli\/|node_modules\/(yargs|yargs-parser|cliui|string-width|wrap-ansi|chalk|y18n)\//.test(url)],
];

export function turnBudget(file, turns) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const charged = new Map();
  const bucketOf = (id) => {
    if (charged.has(id)) return charged.get(id);
    const { url, functionName } = nodes.get(id).callFrame;
    let bucket;
    if (functionName === '(garbage collector)') bucket = 'garbage collection';
    else if (functionName === '(idle)') bucket = 'idle (waiting on I/O)';
    else if (/\/dist\/|node_modules\//.test(url)) bucket = BUCKETS.find(([, test]) => test(url))?.[0] ?? 'other packages';
    else bucket = parent.has(id) ? bucketOf(parent.get(id)) : 'Node start-up and module loading';
    charged.set(id, bucket);
    return bucket;
  };
  const us = new Map();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const bucket = bucketOf(id);
    us.set(bucket, (us.get(bucket) ?? 0) + delta);
    totalUs += delta;
  });
  const rows = [...us]
    .sort((a, b) => b[1] - a[1])
    .map(([bucket, micros]) => ({ bucket, ms: micros / 1000, usPerTurn: micros / turns, share: micros / totalUs }));
  return { turns, totalMs: totalUs / 1000, usPerTurn: totalUs / turns, rows };
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const { totalMs, usPerTurn, rows } = turnBudget(process.argv[2], Number(process.argv[3]));
  process.stdout.write(`| where | µs per turn | share |\n| --- | ---: | ---: |\n`);
  for (const row of rows) process.stdout.write(`| ${row.bucket} | ${row.usPerTurn.toFixed(1)} | ${(row.share * 100).toFixed(1)} % |\n`);
  process.stdout.write(`| **total** (${(totalMs / 1000).toFixed(2)} s of samples) | **${usPerTurn.toFixed(1)}** | 100 % |\n`);
}
