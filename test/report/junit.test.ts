import { describe, expect, it } from 'vitest';
import { escapeXmlAttr, escapeXmlText } from '../../src/report/html/escape.js';
import { junitChunks, renderJUnit } from '../../src/report/junit/junit.js';
import { makeReport, passingDialogue, XSS_LINE, XSS_TITLE } from './fixtures.js';
import { xmlDecode, xmlProblems } from './xmlCheck.js';

describe('renderJUnit', () => {
  const xml = renderJUnit(makeReport());

  it('is well-formed XML', () => {
    // A gated run's verdict comes first, as a comment (issue 45, item 9).
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n(<!-- regression gate (passed|failed|not decided)[^\n]* -->\n)?<testsuites/);
    expect(xmlProblems(xml)).toEqual([]);
  });

  it('has one testsuite per dataset file and one testcase per dialogue, with matching counts', () => {
    expect(xml).toMatch(/<testsuites name="nlu-harness" tests="3" failures="1" errors="0" skipped="0">/);
    const suites = [...xml.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)"/g)].map((m) => m.slice(1));
    expect(suites).toEqual([
      ['datasets/single.yaml', '1', '0'],
      ['datasets/multi.yaml', '2', '1'],
    ]);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  it('names testcases "id — title" with the file as classname', () => {
    expect(xml).toContain('<testcase classname="datasets/single.yaml" name="single-lunch — 单笔午饭，点按确认"/>');
    const names = [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)"/g)].map((m) => xmlDecode(m[1] ?? ''));
    expect(names).toContain(`multi-three-items — ${XSS_TITLE}`);
  });

  it('describes the failed checks in the failure message and body', () => {
    const message = xmlDecode(xml.match(/<failure message="([^"]*)"/)?.[1] ?? '');
    expect(message).toBe('2 failed checks: turn 2 batch, turn 2 ttsIncludes');
    const body = xmlDecode(xml.match(/<failure [^>]*>([\s\S]*?)<\/failure>/)?.[1] ?? '');
    expect(body).toContain(`turn 2 「${XSS_LINE}」: check batch failed`);
    expect(body).toContain('"amount": 25');
    expect(body).toContain('"amount": 20');
  });

  it('escapes markup, quotes and control characters', () => {
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<img');
    expect(escapeXmlText('a<b>&c\u0001d\u001Fe\uFFFFf')).toBe('a&lt;b&gt;&amp;c\\u0001d\\u001fe\\uffff' + 'f');
    expect(escapeXmlAttr('say "hi"\n\t\'x\'')).toBe('say &quot;hi&quot;&#10;&#9;&apos;x&apos;');
    expect(escapeXmlText('lone \uD800 surrogate, pair 😀 ok')).toBe('lone \\ud800 surrogate, pair 😀 ok');
  });

  it('stays well-formed when ids, titles and inputs carry control characters and markup', () => {
    const base = makeReport();
    const [first, second] = base.dialogues;
    if (!first || !second) throw new Error('fixture changed');
    const nasty = makeReport({
      dialogues: [
        { ...first, id: 'a&b\u0001', title: 'bell\u0007 <tag> "q"' },
        { ...second, turns: second.turns.map((t) => ({ ...t, input: { user: 'x\u0002y]]>' } })) },
      ],
    });
    const out = renderJUnit(nasty);
    expect(xmlProblems(out)).toEqual([]);
    expect(out).toContain('name="a&amp;b\\u0001 — bell\\u0007 &lt;tag&gt; &quot;q&quot;"');
    expect(out).toContain('「x\\u0002y]]&gt;」');
  });
});

describe('junitChunks: JUnit for runs of any size', () => {
  it('writes 200 000 testcases of one file without spreading them into one call (no stack overflow)', () => {
    const base = makeReport();
    const dialogues = Array.from({ length: 200_000 }, (_, i) => ({ ...passingDialogue, id: `many-${i}` }));
    const report = { ...base, dialogues };
    let testcases = 0;
    let longest = 0;
    for (const piece of junitChunks(report)) {
      if (piece.includes('<testcase ')) testcases++;
      longest = Math.max(longest, piece.length);
    }
    expect(testcases).toBe(200_000);
    expect(longest).toBeLessThan(10_000);
  });
});
