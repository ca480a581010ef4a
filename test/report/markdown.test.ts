import { describe, expect, it } from 'vitest';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import { makeBigReport, makeReport, passingDialogue } from './fixtures.js';

describe('renderMarkdown', () => {
  const md = renderMarkdown(makeReport());

  it('opens with the verdict, dialogue count and run identity', () => {
    const firstLine = md.split('\n')[0] ?? '';
    expect(firstLine).toBe('## ❌ Regression gate failed · 1 dialogue broke · 1 metrics worse · 2 of 3 dialogues passed');
    expect(md).toContain('backend `scripted` model `qwen-plus`');
    expect(md).toContain('mode **e2e**');
    expect(md).toContain('protocol **batch**');
  });

  it('puts regressions before the failing dialogues, with baseline → current and tolerance', () => {
    const regressions = md.indexOf('### Regressions against');
    const failures = md.indexOf('<details><summary>Failing dialogues');
    expect(regressions).toBeGreaterThan(0);
    expect(failures).toBeGreaterThan(regressions);
    expect(md).toContain('**Correction index mapping**: 100.0% → 50.0% (-50.0 pp, tolerance 2.0 pp)');
    expect(md).toMatch(/<details><summary>1 dialogue broke<\/summary>\n\n- `multi-correct-02` — 两笔消费，纠正第二笔金额 \(pass → fail\)/);
  });

  it('shows a metrics table with percentages and baseline deltas', () => {
    expect(md).toContain('| Metric | Score | vs baseline | Counts |');
    expect(md).toContain('| Routing | **95.0%** | 🔺 90.0% → 95.0% (+5.0 pp, tolerance 2.0 pp) | judged 20 · correct 19 |');
    expect(md).toContain('| Batch splitting | **100.0%** | within tolerance |');
    expect(md).toContain('| Confidence fallback | n/a | within tolerance | judged 0 |');
  });

  it('names the failing dialogue, the fields that differ and why the model call was refused', () => {
    expect(md).toContain('#### ❌ `multi-correct-02` 两笔消费，纠正第二笔金额');
    expect(md).not.toContain(`#### ❌ \`${passingDialogue.id}\``);
    const row = md.split('\n').find((line) => line.startsWith('| 2 |') && line.includes('| batch |'));
    expect(row).toBeDefined();
    expect(row).toContain('| amount: expected 25, got 20<br>_correct call invalid: index 0 points at 午饭, expected 1_ |');
  });

  it('escapes user text so markup and table pipes stay inert', () => {
    expect(md).not.toContain('<script>');
    expect(md).toContain('&lt;/script&gt;&lt;script&gt;window.\\_\\_xss=1;alert(1)&lt;/script&gt;');
    const rows = md.split('\n').filter((line) => line.startsWith('| 2 |'));
    for (const line of rows) expect(line.split(/(?<!\\)\|/).length - 2).toBe(4);
  });

  it('ends with the start time and nothing else time-dependent', () => {
    expect(md.trimEnd().split('\n').at(-1)).toBe('<sub>Run started 2025-05-01T08:00:00.000Z · report schema v1</sub>');
    expect(md).not.toContain('08:00:03');
    expect(renderMarkdown(makeReport())).toBe(md);
  });

  it('leaves out the gate sections when there is no baseline', () => {
    const plain = renderMarkdown(makeReport({ gate: null }));
    expect(plain.split('\n')[0]).toBe('## ❌ 1 of 3 dialogues failed · 2/3 passed');
    expect(plain).not.toContain('Regressions');
    expect(plain).toContain('| Metric | Score | Counts |');
  });

  it('celebrates an all-green run without a failures section', () => {
    const green = makeReport({
      gate: null,
      dialogues: [passingDialogue],
      summary: { ...makeReport().summary, dialogues: { total: 1, passed: 1, failed: 0 } },
    });
    const out = renderMarkdown(green);
    expect(out.split('\n')[0]).toBe('## ✅ All 1 dialogues passed');
    expect(out).not.toContain('Failing dialogues');
  });

  it('stays under 60 KB for a big run and says how many failures it left out', () => {
    const big = renderMarkdown(makeBigReport(500));
    expect(Buffer.byteLength(big, 'utf8')).toBeLessThan(60_000);
    const listed = big.match(/^#### ❌/gm)?.length ?? 0;
    expect(listed).toBeGreaterThan(5);
    expect(big).toContain(`…and ${500 - listed} more failing dialogues`);
    expect(big).toContain('<details><summary>Failing dialogues (500)</summary>');
  });
});

// Issue 32: `--lang zh` stopped at the HTML; report.md and the console kept English headings and reasons.
describe('--lang zh beyond the HTML', () => {
  const zh = { ...makeReport(), view: { lang: 'zh' as const } };

  it('report.md: headings, the failing dialogues and their failure reasons in Chinese', () => {
    const md = renderMarkdown(zh);
    expect(md.split('\n')[0]).toBe('## ❌ 回归门禁未通过 · 1 段对话由通过变为失败 · 1 项指标变差 · 3 段对话中 2 段通过');
    expect(md).toContain('### 相对基线的退步');
    expect(md).toContain('<details><summary>未通过的对话（1）</summary>');
    expect(md).toContain('| 轮次 | 输入 | 检查 | 不同之处 |');
    expect(md).toMatch(/期望 [^|]*，实际 /);
    expect(md).not.toMatch(/Failing dialogues|What differs|Regressions|expected .*, got/);
  });

  it('the console: verdict, counts, failed dialogues and reasons in Chinese', () => {
    const text = renderConsoleSummary(zh, { color: false });
    expect(text.split('\n')[0]).toMatch(/^✘ 未通过 {2}2\/3 段对话通过 · 轮次 \d+\/\d+ · 检查 \d+\/\d+ · 门禁未通过$/);
    expect(text).toContain('未通过的对话（1）');
    expect(text).not.toMatch(/FAILED|Failed dialogues|expected .*, got/);
  });
});
