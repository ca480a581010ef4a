import { describe, expect, it } from 'vitest';
import { createProgress, renderConsoleSummary } from '../../src/report/console/console.js';
import { makeReport } from './fixtures.js';

function fakeStream(isTTY: boolean): NodeJS.WriteStream & { output: string } {
  const stream = {
    isTTY,
    columns: 100,
    output: '',
    write(chunk: string) {
      stream.output += chunk;
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream & { output: string };
}

describe('renderConsoleSummary', () => {
  const plain = renderConsoleSummary(makeReport(), { color: false });

  it('has no escape codes without color and some with it', () => {
    expect(plain).not.toContain('\x1b[');
    expect(renderConsoleSummary(makeReport(), { color: true })).toContain('\x1b[');
  });

  it('leads with the verdict and counts', () => {
    expect(plain.split('\n')[0]).toBe('✘ FAILED  2/3 dialogues passed · 8/9 turns · 6/8 checks · gate failed');
    expect(plain.split('\n')[1]).toBe('scripted/qwen-plus · e2e · batch protocol · seed 42');
  });

  it('lists every metric score with its baseline change', () => {
    expect(plain).toMatch(/Correction index mapping +█{10}░{10}  50\.0%  ▼ 100\.0% → 50\.0% \(-50\.0 pp, tolerance 2\.0 pp\)/);
    expect(plain).toMatch(/Routing +█{19}░ +95\.0%  ▲ 90\.0% → 95\.0%/);
  });

  it('shows each failed dialogue with its first failed check', () => {
    expect(plain).toContain('✘ multi-correct-02 两笔消费，纠正第二笔金额 datasets/multi.yaml');
    expect(plain).toMatch(/turn 2 「打车二十<\/script>.*· batch: amount: expected 25, got 20\n/);
    // and why the turn's model call was refused
    expect(plain).toContain('        correct call invalid: index 0 points at 午饭, expected 1');
    expect(plain).not.toContain('ttsIncludes');
  });

  it('marks a metric with nothing to judge as n/a', () => {
    expect(plain).toMatch(/Confidence fallback +░{20}    n\/a\n/);
  });

  it('never passes terminal escape sequences from dataset text through', () => {
    const base = makeReport();
    const evil = makeReport({
      dialogues: base.dialogues.map((d) => (d.passed ? d : { ...d, title: 'x\x1b[2Jy\u009b31m' })),
    });
    const out = renderConsoleSummary(evil, { color: false });
    expect(out).toContain('x\ufffd[2Jy\ufffd31m');
    expect(out).not.toMatch(/[\x1b\u009b]/);
  });

  it('ends with the gate regressions', () => {
    const tail = plain.slice(plain.indexOf('Regressions against reports/baseline.json'));
    expect(tail).toContain('▼ Correction index mapping: 100.0% → 50.0%');
    expect(tail).toContain('▼ multi-correct-02 两笔消费，纠正第二笔金额: pass → fail');
  });
});

describe('createProgress', () => {
  it('prints a line every 10% when not on a terminal', () => {
    const stream = fakeStream(false);
    const progress = createProgress(20, stream);
    for (let i = 0; i < 20; i++) progress.tick(i !== 3);
    progress.done();
    const lines = stream.output.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('progress 2/20 dialogues (10%), 0 failed');
    expect(lines.at(-1)).toBe('progress 20/20 dialogues (100%), 1 failed');
    expect(stream.output).not.toContain('\r');
  });

  it('reports the final count on done even when the run stopped early', () => {
    const stream = fakeStream(false);
    const progress = createProgress(100, stream);
    for (let i = 0; i < 5; i++) progress.tick(true);
    progress.done();
    progress.done();
    expect(stream.output).toBe('progress 5/100 dialogues (5%), 0 failed\n');
  });

  it('redraws one line on a terminal and ends it on done', () => {
    const stream = fakeStream(true);
    const progress = createProgress(4, stream);
    progress.tick(true);
    progress.tick(false);
    expect(stream.output).not.toContain('\n');
    expect(stream.output.split('\r\x1b[2K')).toHaveLength(3);
    progress.done();
    expect(stream.output.endsWith('\n')).toBe(true);
    const last = (stream.output.split('\r\x1b[2K').at(-1) ?? '').replace(/\x1b\[[0-9;]*m/g, '');
    expect(last).toMatch(/^█+░+ 2\/4 ✔ 1 ✘ 1\n$/);
  });
});
