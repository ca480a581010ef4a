#!/usr/bin/env node
// Writes docs/metrics.md from the metric registry (src/scoring/metrics/registry.ts, compiled):
//
//   npm run docs:metrics
//
// test/scoring/metricsDoc.test.ts fails when the committed file is not what this writes.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC_FILE = 'docs/metrics.md';

const PAIRED_TEST = {
  randomization: 'paired randomization test over dialogues, with a bootstrap interval',
  signTest: (passRateTest) => `exact sign test on per-dialogue pass rates (reported as \`${passRateTest}\`)`,
};

/** The page, from the registry's `METRICS` and the settings the descriptions are worded for. */
export function metricsMarkdown({ METRICS, READING_ORDER, PASS_RATE_TEST }, settings) {
  const byName = new Map(METRICS.map((metric) => [metric.name, metric]));
  const cell = (text) => text.replaceAll('|', '\\|');
  const pairedTest = (metric) => (metric.pairedTest === 'signTest' ? PAIRED_TEST.signTest(PASS_RATE_TEST) : PAIRED_TEST[metric.pairedTest]);
  const lines = [
    '# Metrics',
    '',
    "<!-- Generated from src/scoring/metrics/registry.ts by `npm run docs:metrics`: edit the metric's file, not this page. -->",
    '',
    'Each metric is a score in [0, 1] with its counts (`report.json` → `metrics.<name>.counts`) and, for some,',
    'details. A metric that had nothing to judge (`counts.judged` is 0) scores 1 and reports show it as `n/a`.',
    `Descriptions are worded for the run's config; below, the defaults: model deadline ${settings.deadlineMs} ms,`,
    `confidence floor ${settings.confidenceFloor}.`,
    '',
    "Without `--repeat`, a backend that answers alike (scripted, heuristic, replay) fails the gate on any metric that fell by more than `--tolerance`; one run a side of a model with noise (over HTTP, or `--perturb`ed) fails it only on a fall beyond chance (Newcombe's interval of the judged counts, Holm-adjusted) and beyond `--tolerance` ([gating](gating.md#the-gate-on-a-single-run)).",
    'With `--repeat` on both sides, each metric is tested as the last column says (Holm-adjusted together).',
    '',
    '| metric | English | 中文 | repeat-aware gate |',
    '| --- | --- | --- | --- |',
    ...READING_ORDER.map((name) => {
      const metric = byName.get(name);
      return `| [\`${name}\`](#${name.toLowerCase()}) | ${cell(metric.label[0])} | ${cell(metric.label[1])} | ${pairedTest(metric)} |`;
    }),
  ];
  /** Where each shared method was written: the metric it came first under. */
  const methodWrittenUnder = new Map();
  for (const name of READING_ORDER) {
    const metric = byName.get(name);
    const [en, zh] = metric.describe(settings);
    lines.push('', `## ${name}`, '', `${metric.label[0]} · ${metric.label[1]}`, '', en, '', zh, '');
    if (metric.method !== undefined) {
      const first = methodWrittenUnder.get(metric.method);
      if (first === undefined) methodWrittenUnder.set(metric.method, name);
      const [methodEn, methodZh] = metric.method;
      lines.push(
        ...(first === undefined
          ? [methodEn, '', methodZh]
          : [`How it is judged: as under [\`${first}\`](#${first.toLowerCase()}). 评判方法同 [\`${first}\`](#${first.toLowerCase()})。`]),
        '',
      );
    }
    if (metric.example !== undefined) {
      const [exampleEn, exampleZh] = metric.example;
      lines.push(`**Worked example.** ${exampleEn}`, '', `**示例。** ${exampleZh}`, '');
    }
    lines.push('| key | English | 中文 |', '| --- | --- | --- |');
    for (const [part, words] of [
      ['counts', metric.counts],
      ['details', metric.details],
    ]) {
      for (const [key, [keyEn, keyZh]] of Object.entries(words)) lines.push(`| \`${part}.${key}\` | ${cell(keyEn)} | ${cell(keyZh)} |`);
    }
  }
  lines.push(
    '',
    '## Adding a metric',
    '',
    'One file under `src/scoring/metrics/` exporting `defineMetric({…})` (its scorer, words in both languages',
    'for its name, description, counts and details, and how the repeat-aware gate tests it), one line in',
    '`src/scoring/metrics/registry.ts`, then `npm run docs:metrics`. `test/scoring/metricRegistry.test.ts`',
    'fails when a metric lacks a word in either language or writes a key it does not name.',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const registry = await import(pathToFileURL(join(ROOT, 'dist/scoring/metrics/registry.js')).href);
  writeFileSync(join(ROOT, DOC_FILE), metricsMarkdown(registry, registry.metricSettings()));
  process.stdout.write(`wrote ${DOC_FILE}\n`);
}
