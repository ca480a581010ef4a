import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialogueReport } from '../../src/report/model/reportTypes.js';
import { conformanceRows } from '../../src/scoring/conformance.js';
import { SEED_SCENARIOS } from '../../src/scoring/seedScenarios.js';
import { cliAsync, tempDir } from '../support/cli.js';
import { OUR_SUT } from './sutSupport.js';

/** The Markdown table's rows as cells, keyed by "seed scenario". */
function tableRows(markdown: string): Map<string, string[]> {
  const rows = markdown.split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line.slice(2, -2).split(' | ');
      return [`${cells[0]} ${cells[2]}`, cells];
    }),
  );
}

async function conformance(sut: string) {
  const out = tempDir();
  const result = await cliAsync(['conformance', '--sut', sut, '--out', out]);
  return { result, markdown: readFileSync(join(out, 'conformance.md'), 'utf8'), html: readFileSync(join(out, 'conformance.html'), 'utf8') };
}

describe('nlu-harness conformance --sut (issue 13)', () => {
  it('our own core: every seed 000-003 scenario held, seed 004 not applicable to the batch protocol', async () => {
    const { result, markdown, html } = await conformance(OUR_SUT);
    expect(result.status).toBe(0);
    const rows = tableRows(markdown);
    expect(rows.size).toBe(SEED_SCENARIOS.length);
    for (const [key, cells] of rows) {
      if (key.startsWith('004')) expect(cells[3]).toBe('– not applicable');
      else expect(cells[3], key).toBe('✔ held');
    }
    const disposeDialogues = ['confirming', 'listening', 'idle', 'awaiting-parse', 'awaiting-correction'].map((phase) => `gate-dispose-${phase}`);
    const delegateSafety = [...disposeDialogues, 'gate-refused-after-dispose', 's001-delegate-safety'].join(', ');
    expect(rows.get('001 Delegate 安全')).toEqual(['001', 'Delegate 模式解耦', 'Delegate 安全', '✔ held', delegateSafety, '']);
    expect(result.stdout).toContain('nlu-harness core: 64 held, 0 broken, 11 not applicable');
    expect(html).toContain('<tr class="held"><td>001</td><td>Delegate 模式解耦</td><td>Delegate 安全</td>');
  });

  it('a defective orchestrator that reads correction indices one item off: those scenarios broken, with the failing check', async () => {
    const { result, markdown, html } = await conformance('node test/fixtures/sut/proxySut.mjs --mismap');
    expect(result.status).toBe(1);
    const rows = tableRows(markdown);
    const remap = rows.get('001 纠正时排除 cancelled items')!;
    expect(remap[3]).toBe('✘ broken');
    expect(remap[5]).toMatch(/^gate-mapping-pairs turn 3: outcome expected "applied", got "unclear"/);
    // A scenario with no correction in it is untouched by the defect.
    expect(rows.get('003 确认意图由本地规则即时处理')![3]).toBe('✔ held');
    expect(html).toContain('<tr class="broken"><td>001</td><td>纠正时 pending items 过滤与 index 重编号</td>');
    expect(result.stdout).toContain('✘ seed 001 纠正时排除 cancelled items: gate-mapping-pairs turn 3');
  });

  it('rows: a shared heading belongs to the seed the dialogue names; a skipped dialogue is not applicable with the reason', () => {
    const report = (id: string, passed: boolean): DialogueReport =>
      ({
        id,
        title: id,
        tags: [],
        file: 'x.yaml',
        line: 1,
        passed,
        failedChecks: passed ? 0 : 1,
        runsPassed: passed ? 1 : 0,
        runs: 1,
        turnCount: 1,
        turns: [],
      }) as DialogueReport;
    const rows = conformanceRows(
      {
        offered: [
          { id: 'a', tags: ['seed-001', 'scenario:连续记账'] },
          { id: 'b', tags: ['seed-000', 'scenario:纠正不清空上下文'] },
          { id: 'c', tags: ['seed-003', 'scenario:离线类型修正'] },
        ],
        reports: [report('a', true), report('b', false)],
        skipped: [{ id: 'c', reason: 'the parse found 2 transactions' }],
        protocol: 'conversation',
      },
      SEED_SCENARIOS.filter((s) => ['连续记账', '纠正不清空上下文', '离线类型修正'].includes(s.scenario)),
    );
    expect(rows.map((r) => [r.seed, r.scenario, r.status, r.dialogues.join(',')])).toEqual([
      ['000', '纠正不清空上下文', 'broken', 'b'],
      ['001', '连续记账', 'held', 'a'],
      ['001', '纠正不清空上下文', 'notApplicable', ''],
      ['003', '离线类型修正', 'notApplicable', 'c'],
      ['004', '连续记账', 'notApplicable', ''],
    ]);
    expect(rows[3]!.detail).toBe('skipped by the conversation arm: the parse found 2 transactions');
  });
});
