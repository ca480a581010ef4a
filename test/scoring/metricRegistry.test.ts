import { describe, expect, it } from 'vitest';
import { MetricSet } from '../../src/scoring/allScorers.js';
import { METRICS, metricSettings, READING_ORDER, recordedSettings, SIGN_TESTED, type Words } from '../../src/scoring/metrics/registry.js';
import { counterName, metricDescription, metricName } from '../../src/report/words/labels.js';
import { orderedMetrics } from '../../src/report/model/reportQueries.js';
import type { Report } from '../../src/report/model/reportTypes.js';

const HAN = /\p{Script=Han}/u;
const DEFAULTS = metricSettings();
/** Settings no literal in a description can match by chance. */
const OTHER = { deadlineMs: 4500, confidenceFloor: 0.55 };

/** Both words present: English without Chinese characters, Chinese with them. */
function expectBothLanguages(words: Words, what: string): void {
  const [en, zh] = words;
  expect(en.trim(), `${what}: English`).not.toBe('');
  expect(en, `${what}: English has Chinese characters`).not.toMatch(HAN);
  expect(zh, `${what}: Chinese`).toMatch(HAN);
}

describe('the metric registry', () => {
  it('gives every metric a name and description in both languages', () => {
    for (const metric of METRICS) {
      expectBothLanguages(metric.label, `${metric.name} label`);
      for (const settings of [DEFAULTS, OTHER]) expectBothLanguages(metric.describe(settings), `${metric.name} description`);
    }
  });

  it('names, in both languages, exactly the counts and details each scorer writes', () => {
    const results = new MetricSet(DEFAULTS).results();
    for (const metric of METRICS) {
      const result = results[metric.name];
      for (const [part, written, named] of [
        ['counts', result.counts, metric.counts],
        ['details', result.details ?? {}, metric.details],
      ] as const) {
        expect(Object.keys(named).sort(), `${metric.name}.${part}`).toEqual(Object.keys(written).sort());
        for (const [key, words] of Object.entries(named)) expectBothLanguages(words, `${metric.name}.${part}.${key}`);
      }
    }
  });

  it('words the deadline and the confidence floor from the settings, never as literals', () => {
    const described = METRICS.flatMap((metric) => metric.describe(OTHER));
    for (const text of described) expect(text).not.toMatch(/0\.7|\b3 ?s\b|3 ?秒|3000/);
    const [floorEn, floorZh] = METRICS.find((m) => m.name === 'confidenceFallback')!.describe(OTHER);
    expect(floorEn).toContain('0.55 confidence floor');
    expect(floorZh).toContain('0.55 置信度');
    const [deadlineEn, deadlineZh] = METRICS.find((m) => m.name === 'latency')!.describe(OTHER);
    expect(deadlineEn).toContain('4.5 s budget');
    expect(deadlineZh).toContain('4.5 秒');
  });

  it("scores every metric, in the registry's order, with the run's settings in its description", () => {
    const results = new MetricSet(metricSettings({ correctionTimeoutMs: 4500, confidenceFloor: 0.55 })).results();
    expect(Object.keys(results)).toEqual(METRICS.map((metric) => metric.name));
    for (const metric of METRICS) expect(results[metric.name].description).toBe(metric.describe(OTHER)[0]);
    // The deadline it was scored with is recorded, so a report read back is worded the same.
    expect(recordedSettings(results).deadlineMs).toBe(4500);
    expect(recordedSettings({})).toEqual(DEFAULTS);
  });

  it('has unique names, one sign-tested metric, and lists the overall figure first', () => {
    const names = METRICS.map((metric) => metric.name);
    expect(new Set(names).size).toBe(names.length);
    expect(METRICS.filter((metric) => metric.pairedTest === 'signTest').map((metric) => metric.name)).toEqual([SIGN_TESTED]);
    expect([...READING_ORDER].sort()).toEqual([...names].sort());
    const first = METRICS.filter((metric) => metric.listedFirst).map((metric) => metric.name);
    expect(READING_ORDER.slice(0, first.length)).toEqual(first);
  });
});

describe("the report pages take every metric's words from the registry", () => {
  const results = new MetricSet(OTHER).results();
  const report = { metrics: results } as unknown as Report;

  it('names metrics and their keys, and describes them in Chinese for the recorded settings', () => {
    for (const metric of METRICS) {
      for (const [i, lang] of (['en', 'zh'] as const).entries()) {
        expect(metricName(lang, metric.name)).toBe(metric.label[i]);
        for (const key of [...Object.keys(results[metric.name].counts), ...Object.keys(results[metric.name].details ?? {})]) {
          expect(counterName(lang, metric.name, key)).toBe((metric.counts[key] ?? metric.details[key])![i]);
        }
      }
      expect(metricDescription('en', metric.name, report)).toBe(results[metric.name].description);
      // The floor is not in report.json: Chinese pages word it from the defaults, the deadline from the report.
      expect(metricDescription('zh', metric.name, report)).toBe(metric.describe({ ...DEFAULTS, deadlineMs: OTHER.deadlineMs })[1]);
    }
  });

  it('lists them in the reading order, then names it does not know', () => {
    const withExtra = { metrics: { unknownMetric: results.tts, ...results } } as unknown as Report;
    expect(orderedMetrics(withExtra).map(([name]) => name)).toEqual([...READING_ORDER, 'unknownMetric']);
    expect(metricName('zh', 'unknownMetric')).toBe('unknownMetric');
  });
});
