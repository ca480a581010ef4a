import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../src/report/html/escape.js';
import { renderHtml } from '../../src/report/html/html.js';
import { makeReport, XSS_LINE, XSS_TITLE } from './fixtures.js';

const DATA_BLOCK = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/;

describe('renderHtml', () => {
  const report = makeReport();
  const html = renderHtml(report);
  const withoutData = html.replace(DATA_BLOCK, '');

  it('is a UTF-8 document with a CJK font stack', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(/"PingFang SC".*"Microsoft YaHei".*"Noto Sans CJK SC"/s);
  });

  it('references no external resource', () => {
    expect(withoutData).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/\s(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/i);
  });

  it('embeds the whole report as JSON that parses back identically', () => {
    const raw = html.match(DATA_BLOCK)?.[1] ?? '';
    expect(JSON.parse(raw)).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('lets no user text close the data block or open a tag', () => {
    const raw = html.match(DATA_BLOCK)?.[1] ?? '';
    expect(raw).not.toContain('<');
    expect(raw).toContain('\\u003c/script\\u003e\\u003cscript\\u003ewindow.__xss=1');
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain(XSS_LINE);
    expect(html).not.toContain('<img');
    expect(jsonForScript({ s: '<!-- </script> & \u2028' })).toBe('{"s":"\\u003c!-- \\u003c/script\\u003e \\u0026 \\u2028"}');
  });

  it('escapes user text in the server-rendered parts', () => {
    const gateLink = withoutData.match(/id="regressions"[^]*?(<a href="#d-multi-correct-02">[^]*?<\/a>)/)?.[1];
    expect(gateLink).toContain('两笔消费，纠正第二笔金额');
    // The what-broke example quotes the user line, escaped.
    const example = withoutData.match(/id="what-broke"[^]*?<\/section>/)?.[0] ?? '';
    expect(example).toContain('<a href="#d-multi-correct-02"><code>multi-correct-02</code></a>');
    expect(example).toContain('打车二十&lt;/script&gt;&lt;script&gt;');
    expect(example).not.toContain('<script>');
    const nasty = renderHtml(makeReport({ run: { ...report.run, llm: { backend: '<b>x</b>', model: XSS_TITLE } } }));
    expect(nasty.replace(DATA_BLOCK, '')).not.toMatch(/<b>x<\/b>|<img/);
  });

  it('allows only its own script through the content security policy', () => {
    const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain('default-src &#39;none&#39;');
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  it('renders the summary, metrics, gate, confusion matrix and latency server-side', () => {
    expect(withoutData).toContain('2 of 3 dialogues passed');
    expect(withoutData).toContain('✗ Failed');
    expect(withoutData).toContain('Regressions against <code>reports/baseline.json</code>');
    expect(withoutData).toMatch(/data-metric="correctionIndexMapping"[^]*?▼ -50\.0 pp[^]*?50\.0%/);
    expect(withoutData).toContain('<table class="confusion">');
    expect(withoutData).toMatch(/<th>local rules \(local\)<\/th><td class="cm-hit" style="--a:0\.\d+">10<\/td><td class="cm-miss" style="--a:0\.\d+">1<\/td>/);
    // latency figures by their human names, durations in ms
    expect(withoutData).toContain('<div class="tile-label">first spoken line, median (p50)</div><div class="tile-value">120<small> ms</small></div>');
    expect(withoutData).toContain('<div class="tile-label">model answers past the deadline</div><div class="tile-value">0</div>');
    expect(withoutData).not.toMatch(/>firstTtsP50Ms<|>llmP50Ms</);
    expect(withoutData).toContain('<svg class="bar');
    expect(withoutData).toMatch(/data-metric="confidenceFallback"[^]*?<div class="score score-na">n\/a<\/div>/);
    expect(withoutData).not.toContain('xmlns');
  });

  it('is deterministic', () => {
    expect(renderHtml(makeReport())).toBe(html);
  });
});
