import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/formats/registry.js';
import type { Report } from '../../src/report/model/reportTypes.js';
import { failingDialogue, makeReport } from './fixtures.js';

const HALF = '\uD800';

/** Every string a page links to (dialogue id, tag, slice, gate finding) holds half a character. */
function reportWithLoneSurrogates(): Report {
  const id = `bad${HALF}id`;
  const base = makeReport();
  return {
    ...base,
    dialogues: [{ ...failingDialogue, id, tags: [`tag${HALF}`] }],
    gate: base.gate && { ...base.gate, regressions: [{ kind: 'dialogue', name: id, baseline: true, current: false }] },
    slices: [
      { kind: 'feature', name: `tag${HALF}`, dialogues: { total: 1, passed: 0, failed: 1 }, metrics: { dialogueSuccess: { score: 0, counts: { judged: 1 } } } },
    ],
  };
}

// Issue 41, item 9: a failing dialogue whose tag held a lone surrogate ended the run with exit 3
// ("URIError: URI malformed" in htmlSlices). validate now refuses such text; the renderers must
// still never crash on any string.
describe('a report whose ids and tags hold lone surrogates', () => {
  for (const reporter of REPORTERS.run) {
    it(`${reporter.file} renders without throwing`, () => {
      const text = [...reporter.render(reportWithLoneSurrogates())].join('');
      expect(text.length).toBeGreaterThan(0);
      if (reporter.file === 'report.html') expect(text).toContain('href="#s-feature%3Atag%EF%BF%BD"');
    });
  }
});
