import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html/html.js';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import type { ArmReport } from '../../src/report/model/reportTypes.js';
import { makeReport } from '../report/fixtures.js';

describe('--protocol both in the reports', () => {
  const base = makeReport();
  const conversation: ArmReport = {
    summary: {
      ...base.summary,
      dialogues: { total: 3, passed: 2, failed: 1, skipped: 7 },
      checks: { total: 20, passed: 19, failed: 1, notApplicable: 11 },
    },
    metrics: base.metrics,
  };
  const report = makeReport({ run: { ...base.run, protocol: 'both' }, arms: { batch: { summary: base.summary, metrics: base.metrics }, conversation } });

  it('Markdown: a comparison table with skipped and not-applicable counts', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('### Protocol comparison');
    expect(md).toContain('| | batch (seeds 000-003) | conversation (seed 004) |');
    expect(md).toContain('2/3 (7 skipped)');
    expect(md).toContain('19/20 (11 n/a)');
  });

  it('HTML: a comparison section', () => {
    const html = renderHtml(report);
    expect(html).toContain('id="arms"');
    expect(html).toContain('2/3 (7 skipped)');
  });

  it('no comparison without arms', () => {
    expect(renderMarkdown(base)).not.toContain('Protocol comparison');
    expect(renderHtml(base)).not.toContain('id="arms"');
  });
});
