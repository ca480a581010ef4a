import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { DOC_FILE, metricsMarkdown } from '../../scripts/metricsDoc.mjs';
import * as registry from '../../src/scoring/metrics/registry.js';
import { ROOT } from '../support/cli.js';

describe('docs/metrics.md', () => {
  it('is what the registry writes (run `npm run docs:metrics` after changing a metric)', () => {
    expect(readFileSync(join(ROOT, DOC_FILE as string), 'utf8')).toBe(metricsMarkdown(registry, registry.metricSettings()));
  });

  it('names every metric with its words in both languages', () => {
    const page = metricsMarkdown(registry, registry.metricSettings()) as string;
    for (const metric of registry.METRICS) {
      expect(page).toContain(`## ${metric.name}\n\n${metric.label[0]} · ${metric.label[1]}`);
      for (const words of metric.describe(registry.metricSettings())) expect(page).toContain(words);
    }
  });
});
