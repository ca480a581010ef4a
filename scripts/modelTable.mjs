// The real-model table of docs/local-model.md from two report.json files of the same dialogues: a model's run
// and the reference model's (`--llm heuristic`). Prints, as Markdown: pass rate by family (the
// first tag) side by side, the model's valid-JSON rate, its real latency per endpoint, calls per
// minute, and the dialogues it failed that the reference model passed (with the first failed check).
// Usage: node scripts/modelTable.mjs <model report.json> <heuristic report.json>
import { readFileSync } from 'node:fs';

const [modelFile, referenceFile] = process.argv.slice(2);
if (!modelFile || !referenceFile) {
  process.stderr.write('usage: node scripts/modelTable.mjs <model report.json> <heuristic report.json>\n');
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const model = read(modelFile);
const reference = read(referenceFile);
const pct = (n, d) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);

const byFamily = (report) => {
  const families = new Map();
  for (const d of report.dialogues) {
    const row = families.get(d.tags[0]) ?? { passed: 0, total: 0 };
    row.total++;
    if (d.passed) row.passed++;
    families.set(d.tags[0], row);
  }
  return families;
};
const ours = byFamily(model);
const theirs = byFamily(reference);
const lines = ['| family | dialogues | model | reference (heuristic) |', '| --- | ---: | ---: | ---: |'];
for (const [family, row] of [...ours].sort(([a], [b]) => a.localeCompare(b))) {
  const ref = theirs.get(family) ?? { passed: 0, total: 0 };
  lines.push(`| ${family} | ${row.total} | ${row.passed} (${pct(row.passed, row.total)}) | ${ref.passed} (${pct(ref.passed, ref.total)}) |`);
}
const total = (report) => report.dialogues.filter((d) => d.passed).length;
lines.push(
  `| **all** | ${model.dialogues.length} | **${total(model)} (${pct(total(model), model.dialogues.length)})** | **${total(reference)} (${pct(total(reference), reference.dialogues.length)})** |`,
);

const calls = model.dialogues.flatMap((d) => d.turns.flatMap((t) => t.llmCalls));
const answered = calls.filter((c) => ['ok', 'malformed', 'invalid'].includes(c.outcome));
const count = (outcome) => calls.filter((c) => c.outcome === outcome).length;
lines.push('');
lines.push(
  `Answers: ${calls.length} calls; valid JSON in the protocol's shape (ok) ${count('ok')} of ${answered.length} answered (${pct(count('ok'), answered.length)}); malformed ${count('malformed')}, invalid ${count('invalid')}, timeout ${count('timeout')}, error ${count('error')}.`,
);
const wall = model.run.timing.modelWallMs ?? {};
for (const [endpoint, t] of Object.entries(wall)) lines.push(`Real latency, ${endpoint}: ${t.calls} calls, p50 ${t.p50} ms, p95 ${t.p95} ms, max ${t.max} ms.`);
lines.push(
  `Calls per minute: ${((60_000 * calls.length) / model.run.timing.wallMs).toFixed(1)} (${calls.length} calls in ${(model.run.timing.wallMs / 60_000).toFixed(1)} min of run wall time).`,
);

const referencePassed = new Set(reference.dialogues.filter((d) => d.passed).map((d) => d.id));
const worse = model.dialogues.filter((d) => !d.passed && referencePassed.has(d.id));
lines.push('');
lines.push(`Failed by the model, passed by the reference (${worse.length}):`);
for (const d of worse) {
  const turn = d.turns.find((t) => !t.passed);
  const check = turn?.checks.find((c) => !c.passed);
  const said = turn?.llmCalls.map((c) => `${c.endpoint}:${c.outcome} ${JSON.stringify((c.responseText ?? '').slice(0, 160))}`).join('; ');
  lines.push(
    `- ${d.id} turn ${turn ? turn.index + 1 : '?'} 「${turn?.input?.user ?? ''}」: ${check ? `${check.name} expected ${JSON.stringify(check.expected)} got ${JSON.stringify(check.actual)}` : ''} — ${said}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
