import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { renderCompareConsole } from '../../src/report/console/comparisonConsole.js';
import { headlineOf } from '../../src/report/words/headline.js';
import { gateNote, gateNoteSaid } from '../../src/report/words/gateNoteWords.js';
import type { GateNote, GateNoteParams } from '../../src/report/model/gateNotes.js';
import type { GateResult, Lang, Report } from '../../src/report/model/reportTypes.js';
import { makeReport } from './fixtures.js';

/** One note of every code, with parameters as the gate writes them. */
const EVERY: { [C in keyof GateNoteParams]: GateNoteParams[C] } = {
  metricsNotCompared: { side: 'baseline', sideIsReport: true },
  passFailOnly: { side: 'run' },
  modeChanged: { baseline: 'e2e', current: 'gold' },
  datasetsChanged: { files: ['datasets/model/split.yaml'] },
  servedModelChanged: { baseline: ['qwen-0919 (fp_1)'], current: ['qwen-1101 (fp_2)'], model: 'qwen' },
  dialoguesMissing: { missing: 7, total: 40, examples: ['a', 'b', 'c', 'd', 'e'], lostFiles: [] },
  promptsNotRead: { prompts: ['prompts/transaction-parse.txt'], backend: 'heuristic' },
  nothingLive: { replayed: 40 },
};
const notes = Object.entries(EVERY).map(([code, params]) => gateNote(code as keyof GateNoteParams, params as never));

/** A note whose recorded English was reworded since (a newer build, an edited sentence): pages word it from its code. */
function reworded(note: GateNote): GateNote {
  return { ...note, text: `REWORDED ${note.code}` };
}

function gated(warnings: GateResult['warnings'], notJudged: GateResult['notJudged'], lang: Lang): Report {
  const report = makeReport();
  const gate: GateResult = { baseline: 'b.json', passed: true, regressions: [], improvements: [], warnings, notJudged };
  return { ...report, gate, view: { lang } };
}

const CJK = /[\u4e00-\u9fff]/;

describe("report.json records the gate's warnings as facts, not sentences (issue 49, item 1)", () => {
  it('stores each note as its code and parameters with the English sentence beside it', () => {
    const note = gateNote('nothingLive', { replayed: 40 });
    expect(note).toEqual({
      code: 'nothingLive',
      params: { replayed: 40 },
      text: 'nothing was measured live (all 40 answers were replayed from a cassette), so this verdict cannot say the model did not change',
    });
    expect(JSON.parse(JSON.stringify(note))).toEqual(note);
  });

  it('words every code in Chinese from its parameters: a rewording of the English cannot leave a Chinese page in English', () => {
    for (const note of notes) {
      const zh = gateNoteSaid('zh', reworded(note));
      expect(zh, note.code).toMatch(CJK);
      expect(zh, note.code).not.toContain('REWORDED');
      expect(gateNoteSaid('en', reworded(note)), note.code).toBe(note.text);
    }
    const report = gated(notes.map(reworded), [reworded(gateNote('promptsNotRead', EVERY.promptsNotRead))], 'zh');
    const pages = [
      renderMarkdown(report),
      renderConsoleSummary(report, { color: false }),
      renderCompareConsole(report.gate!, 'zh'),
      headlineOf(report, 'zh').changed ?? '',
    ];
    for (const page of pages) expect(page).not.toContain('REWORDED');
    expect(renderMarkdown(report)).toContain('基线以 --mode e2e 运行，本次以 --mode gold 运行');
    expect(headlineOf(report, 'zh').changed).toContain('后端不读提示词');
  });

  it('an old report.json with text-only warnings still renders, each shown as it was recorded', () => {
    const old = 'the baseline ran other dataset contents (datasets/x.yaml): a change of the tests, not only of the product';
    const oldNotJudged = 'nothing was measured live (all 9 answers were replayed from a cassette), so this verdict cannot say the model did not change';
    for (const lang of ['en', 'zh'] as const) {
      const report = gated([old], [oldNotJudged], lang);
      expect(renderMarkdown(report)).toContain(old);
      expect(renderConsoleSummary(report, { color: false })).toContain(old);
      expect(renderCompareConsole(report.gate!, lang)).toContain(old);
      expect(headlineOf(report, lang).changed).toContain(oldNotJudged);
    }
  });

  it('a code this build does not know (a newer report) is shown as its recorded text', () => {
    const newer = { code: 'someLaterCode', params: { n: 1 }, text: 'a later build said this' } as unknown as GateNote;
    expect(gateNoteSaid('zh', newer)).toBe('a later build said this');
  });

  it('decides on facts, not on English text: replayed answers that match the baseline say so', () => {
    const report = makeReport();
    const gate: GateResult = {
      baseline: 'b.json',
      passed: true,
      regressions: [],
      improvements: [],
      notJudged: [reworded(gateNote('nothingLive', { replayed: 40 }))],
      answers: { current: { live: 0, replayed: 40 } },
    };
    expect(headlineOf({ ...report, gate }).changed).toContain('The replayed answers match the baseline.');
    expect(headlineOf({ ...report, gate }, 'zh').changed).toContain('回放的回答与基线一致');
  });
});
