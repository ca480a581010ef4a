// Measures the repeat-aware gate: false alarms with equal noise on both sides, and detection of a
// doubled off-by-one rate, over many seeds. Runs the harness in-process (dist/) for speed.
// Usage: node scripts/gate-power.mjs [--seeds 20] [--repeat 3] [--dataset 'datasets/model/*.yaml'] [--limit N]
//          [--base SPEC] [--worse 'SPEC;SPEC…'] [--no-same] [--json FILE]
// Each seed pair draws fresh noise for the baseline, an equal-noise candidate and each worse candidate.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runSuite } from '../dist/eval/scoreSuite.js';
import { reportModel } from '../dist/eval/reportModel.js';
import { DEFAULT_CONFIG } from '../dist/domain/sessionTypes.js';
import { gateVerdict } from '../dist/eval/gateVerdict.js';
import { toBaseline } from '../dist/report/json/baseline.js';
import { resolveDatasetFiles, streamDatasets } from '../dist/datasets/loadDatasets.js';
import { HeuristicModel } from '../dist/reference/heuristicModel.js';
import { PerturbingBackend, parsePerturbSpec } from '../dist/llm/perturbBackend.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    repeat: { type: 'string', default: '3' },
    dataset: { type: 'string', default: 'datasets/model/*.yaml' },
    base: { type: 'string', default: 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03' },
    worse: { type: 'string', default: 'offByOne=0.10,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03' },
    limit: { type: 'string' },
    'no-same': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const seeds = Number(values.seeds);
const repeat = Number(values.repeat);
const files = resolveDatasetFiles([values.dataset]);
const limit = values.limit ? Number(values.limit) : Infinity;

function* dialogues() {
  let n = 0;
  for (const d of streamDatasets(files)) {
    if (n++ >= limit) return;
    yield d;
  }
}

async function baselineFor(spec, seed) {
  const backend = new PerturbingBackend(new HeuristicModel(), parsePerturbSpec(spec), seed);
  const result = await runSuite(dialogues(), { backend, mode: 'e2e', seed: 1, repeat, protocol: 'batch' });
  const now = new Date().toISOString();
  const report = reportModel([result], { startedAt: now, finishedAt: now, timing: {}, llm: { backend: 'x', model: 'x' }, datasets: files, mode: 'e2e', protocol: 'batch', seed: 1, repeat, filter: [], shard: null });
  return toBaseline(report);
}

const worseSpecs = values.worse.split(';').filter(Boolean);
const rows = [];
let falseAlarms = 0;
const detections = worseSpecs.map(() => 0);
const named = (g) => g.regressions.filter((r) => r.kind === 'metric').map((r) => r.name);
for (let i = 0; i < seeds; i++) {
  // Every run of every pair draws its noise from a seed no other run uses.
  const stride = worseSpecs.length + 2;
  const base = await baselineFor(values.base, 1000 + stride * i);
  const settings = { tolerance: 0, alpha: 0.05, resamples: 1000, seed: i + 1, deadlineMs: DEFAULT_CONFIG.correctionTimeoutMs };
  const row = { pair: i + 1 };
  if (!values['no-same']) {
    const alarm = gateVerdict(base, await baselineFor(values.base, 1001 + stride * i), 'base', settings);
    if (!alarm.passed) falseAlarms++;
    Object.assign(row, { falseAlarm: !alarm.passed, alarmOn: named(alarm) });
  }
  row.caught = [];
  for (const [w, spec] of worseSpecs.entries()) {
    const caught = gateVerdict(base, await baselineFor(spec, 1002 + w + stride * i), 'base', settings);
    if (!caught.passed) detections[w]++;
    row.caught.push({ worse: spec, caught: !caught.passed, on: named(caught) });
  }
  rows.push(row);
  process.stderr.write(`pair ${i + 1}/${seeds}: ${row.falseAlarm === undefined ? '' : `same noise ${row.falseAlarm ? `ALARM ${row.alarmOn}` : 'passed'}; `}${row.caught.map((c) => `${c.worse}: ${c.caught ? 'caught' : 'missed'}`).join('; ')}\n`);
}
const summary = {
  seeds,
  repeat,
  dialogues: Math.min(limit, [...dialogues()].length),
  base: values.base,
  falseAlarmRate: values['no-same'] ? null : falseAlarms / seeds,
  detection: worseSpecs.map((spec, w) => ({ worse: spec, rate: detections[w] / seeds })),
  rows,
};
process.stdout.write(`${JSON.stringify({ ...summary, rows: undefined })}\n`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
