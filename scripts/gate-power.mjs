// Measures the repeat-aware gate: false alarms with equal noise on both sides, and detection of a
// doubled off-by-one rate, over many seeds. Runs the harness in-process (dist/) for speed.
// Usage: node scripts/gate-power.mjs [--seeds 20] [--repeat 3] [--dataset 'datasets/model/*.yaml'] [--json FILE]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runSuite, reportModel } from '../dist/cli/pipeline.js';
import { gateVerdict } from '../dist/cli/gateVerdict.js';
import { toBaseline } from '../dist/report/baseline.js';
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

const rows = [];
let falseAlarms = 0;
let detections = 0;
for (let i = 0; i < seeds; i++) {
  // Baseline and candidates draw their noise from seeds no other pair uses.
  const base = await baselineFor(values.base, 1000 + 3 * i);
  const same = await baselineFor(values.base, 1001 + 3 * i);
  const worse = await baselineFor(values.worse, 1002 + 3 * i);
  const settings = { tolerance: 0, alpha: 0.05, resamples: 1000, seed: i + 1 };
  const alarm = gateVerdict(base, same, 'base', settings);
  const caught = gateVerdict(base, worse, 'base', settings);
  if (!alarm.passed) falseAlarms++;
  if (!caught.passed) detections++;
  const named = (g) => g.regressions.filter((r) => r.kind === 'metric').map((r) => r.name);
  rows.push({ pair: i + 1, falseAlarm: !alarm.passed, alarmOn: named(alarm), caught: !caught.passed, caughtOn: named(caught) });
  process.stderr.write(`pair ${i + 1}/${seeds}: same noise ${alarm.passed ? 'passed' : `ALARM ${named(alarm)}`}; doubled off-by-one ${caught.passed ? 'missed' : `caught (${named(caught)})`}\n`);
}
const summary = { seeds, repeat, dialogues: Math.min(limit, [...dialogues()].length), base: values.base, worse: values.worse, falseAlarmRate: falseAlarms / seeds, detectionRate: detections / seeds, rows };
process.stdout.write(`${JSON.stringify({ ...summary, rows: undefined })}\n`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
