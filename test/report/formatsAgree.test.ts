import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/formats/registry.js';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { readComparableReport } from '../../src/report/json/readReport.js';
import { metricKey } from '../../src/report/model/reportQueries.js';
import type { Lang, MetricResult, ReadReport } from '../../src/report/model/reportTypes.js';
import { metricDefinition, READING_ORDER } from '../../src/scoring/metrics/registry.js';
import { cli, tempDir } from '../support/cli.js';

// Issue 40, "the same quantity, different numbers": `compare` printed "85 regressions" beside a
// comparison.md listing 129, the run console listed 20 broken dialogues with no "…and N more", the
// page's Dialogue success card and its headline counted different things over --repeat, and one
// change was worded three ways on one page. Here a real --repeat 3 run against a real baseline (the
// heuristic model, perturbed more on the second side) is rendered in every registered format and
// both languages, and every count and delta each document states is held to the others.

const REPEAT = 3;
const LANGS: readonly Lang[] = ['en', 'zh'];
/** Fewer resamples than the default keep the gate quick; the changes here are far beyond noise either way. */
const RESAMPLES = 200;

interface Doc {
  readonly name: string;
  readonly lang: Lang;
  /** What a reader sees: markup, scripts and styles taken out. */
  readonly text: string;
}

/** Two reports (the second gated against the first) and every document rendered from them. */
interface Rendered {
  readonly base: ReadReport;
  readonly current: ReadReport;
  readonly docs: readonly Doc[];
  /** The baseline's own run documents: a run with no baseline to gate on. */
  readonly baseDocs: readonly Doc[];
}

function run(out: string, repeat: number, perturb: string, extra: string[] = []) {
  const result = cli([
    'run',
    '--llm',
    'heuristic',
    '--perturb',
    perturb,
    '--perturb-seed',
    '7',
    '--dataset',
    'datasets/model/*.yaml',
    '--repeat',
    String(repeat),
    '--out',
    out,
    '--no-progress',
    ...extra,
  ]);
  if (result.status === null || result.status > 1) throw new Error(`run failed: ${result.stderr}`);
}

/** The visible text of a page: each block on its own line, a card's title beside its figures. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/<br\s*\/?>|<\/(p|li|tr|article|section|summary|h1|h2|header|table|dl|ol|ul)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ');
}

function docText(file: string, content: string): string {
  return file.endsWith('.html') ? visibleText(content) : content;
}

/** A mildly perturbed baseline and a much more perturbed run gated on it, rendered as every run and comparison format in both languages. */
function renderEverything(repeat: number): Rendered {
  const dir = tempDir('formats-agree-');
  const [baseFile, currentFile] = [join(dir, 'base/report.json'), join(dir, 'current/report.json')];
  run(join(dir, 'base'), repeat, 'offByOne=0.02,drop=0.01');
  run(join(dir, 'current'), repeat, 'offByOne=0.3,drop=0.1,intent=0.05', ['--baseline', baseFile, '--resamples', String(RESAMPLES)]);
  const [base, current] = [readComparableReport(baseFile), readComparableReport(currentFile)];
  const docs: Doc[] = [];
  const baseDocs: Doc[] = [];
  for (const lang of LANGS) {
    docs.push(...runDocs(current, lang));
    baseDocs.push(...runDocs(base, lang));
    const out = join(dir, `compare-${lang}`);
    const compared = cli(['compare', baseFile, currentFile, '--out', out, '--lang', lang, '--resamples', String(RESAMPLES)]);
    if (compared.status !== 1) throw new Error(`compare should find the regression: ${compared.status} ${compared.stderr}`);
    docs.push({ name: `compare console (${lang})`, lang, text: compared.stdout });
    for (const file of REPORTERS.comparison.map((reporter) => reporter.file)) {
      docs.push({ name: `${file} (${lang})`, lang, text: docText(file, readFileSync(join(out, file), 'utf8')) });
    }
  }
  return { base, current, docs, baseDocs };
}

/** A run's console summary and every registered run format but JSON, in one language. */
function runDocs(report: ReadReport, lang: Lang): Doc[] {
  const shown = { ...report, view: { lang } };
  const docs: Doc[] = [{ name: `run console (${lang})`, lang, text: renderConsoleSummary(shown, { color: false }) }];
  for (const reporter of REPORTERS.run) {
    if (reporter.file.endsWith('.json')) continue;
    docs.push({ name: `${reporter.file} (${lang})`, lang, text: docText(reporter.file, [...reporter.render(shown)].join('')) });
  }
  return docs;
}

let repeated: Rendered;
let single: Rendered;
beforeAll(() => {
  repeated = renderEverything(REPEAT);
  single = renderEverything(1);
}, 240_000);

const BOTH: [string, () => Rendered][] = [
  ['--repeat 3', () => repeated],
  ['single runs', () => single],
];

/** Every number a pattern captures in a document (its first group). */
function counts(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => Number(match[1]));
}

/** A slice row's "12 → 3 passed (9 broke, …)" counts one slice, not the run. */
function withoutSliceRows(text: string): string {
  return text.replace(/\d+ → \d+ passed \([^)]*\)/g, '').replace(/通过 \d+ → \d+（[^）]*）/g, '');
}

const human = ({ docs }: Rendered, kind: 'run' | 'compare') =>
  docs.filter((d) => (kind === 'run' ? !/compar/.test(d.name) : /compar/.test(d.name)) && !d.name.startsWith('junit'));

const doc = ({ docs }: Rendered, name: string) => docs.find((d) => d.name === name)!;
const brokeIds = ({ current }: Rendered) => current.gate!.regressions.filter((f) => f.kind === 'dialogue').map((f) => f.name);

describe.each(BOTH)('%s rendered in every format and language: each count is stated once', (_, rendered) => {
  it('the dialogues that broke are counted the same on every page and console', () => {
    const r = rendered();
    // More broken dialogues than a console lists, so what it leaves out must be counted.
    expect(brokeIds(r).length).toBeGreaterThan(20);
    const patterns: Record<Lang, RegExp> = { en: /(?<!\d)(\d+) (?:dialogues? )?broke\b/g, zh: /(\d+) 段对话由通过变为失败/g };
    for (const d of [...human(r, 'run'), ...human(r, 'compare')]) {
      const said = counts(withoutSliceRows(d.text), patterns[d.lang]);
      expect(said.length, `${d.name} says how many dialogues broke`).toBeGreaterThan(0);
      expect(new Set(said), `${d.name}: ${said.join(', ')}`).toEqual(new Set([brokeIds(r).length]));
    }
  });

  it('"fixed" counts what the gate found fixed, on the run and in the comparison', () => {
    const r = rendered();
    const fixed = r.current.gate!.improvements.filter((f) => f.kind === 'dialogue').length;
    const patterns: Record<Lang, RegExp> = { en: /(?<!\d)(\d+) fixed\b/g, zh: /(\d+) 段对话由失败变为通过/g };
    for (const d of [...human(r, 'run'), ...human(r, 'compare')]) {
      for (const n of counts(withoutSliceRows(d.text), patterns[d.lang])) expect(n, `${d.name} counts fixed dialogues`).toBe(fixed);
    }
  });

  it('"N metrics worse" is the number of metrics the gate found fallen, on the run and in compare', () => {
    const r = rendered();
    // Counted once per metric, however many tests found it (on single runs Dialogue success is tested twice).
    const worse = new Set(r.current.gate!.regressions.filter((f) => f.kind === 'metric').map((f) => metricKey(f.name))).size;
    const patterns: Record<Lang, RegExp> = { en: /(\d+) metrics worse/g, zh: /(\d+) 项指标变差/g };
    for (const name of ['report.md', 'compare console']) {
      for (const lang of LANGS) expect(counts(doc(r, `${name} (${lang})`).text, patterns[lang]), `${name} (${lang})`).toEqual([worse]);
    }
  });

  it('the run console names every dialogue that broke or counts the rest', () => {
    const r = rendered();
    for (const lang of LANGS) {
      const text = doc(r, `run console (${lang})`).text;
      const section = text.slice(text.search(lang === 'en' ? /Regressions against/ : /相对基线的退步/));
      const listed = brokeIds(r).filter((id) => section.includes(` ${id} `)).length;
      const rest = counts(section, lang === 'en' ? /…and (\d+) more/g : /……另有 (\d+) 个/g)[0] ?? 0;
      expect(listed + rest, lang).toBe(brokeIds(r).length);
    }
  });

  it('junit.xml counts the dialogues the summary counts', () => {
    const { current } = rendered();
    const xml = [...REPORTERS.run.find((reporter) => reporter.file === 'junit.xml')!.render(current)].join('');
    const head = xml.match(/<testsuites [^>]*tests="(\d+)" failures="(\d+)"/)!;
    expect([Number(head[1]), Number(head[2])]).toEqual([current.summary.dialogues.total, current.summary.dialogues.failed]);
  });
});

describe('over --repeat 3', () => {
  it('the dialogues that passed fewer or more runs than in the baseline are counted alike by the run and the comparison', () => {
    const fewerPatterns: Record<Lang, RegExp> = { en: /(\d+) dialogues? passed fewer of/g, zh: /(\d+) 段对话在 \d+ 次运行中通过的次数少于基线/g };
    const morePatterns: Record<Lang, RegExp> = { en: /(\d+) dialogues? passed every one of/g, zh: /(\d+) 段对话在基线中部分失败、此次/g };
    const fewer = new Map<string, Set<number>>();
    const more = new Map<string, Set<number>>();
    for (const d of [...human(repeated, 'run'), ...human(repeated, 'compare')]) {
      fewer.set(d.name, new Set(counts(d.text, fewerPatterns[d.lang])));
      more.set(d.name, new Set(counts(d.text, morePatterns[d.lang])));
    }
    const together = (map: Map<string, Set<number>>) => new Set([...map.values()].flatMap((set) => [...set]));
    expect(together(fewer).size, 'one count of dialogues passing fewer runs').toBe(1);
    expect(together(more).size, 'one count of dialogues passing more runs').toBe(1);
    // The comparison pages say them too, in the run's words.
    for (const name of ['comparison.md (en)', 'comparison.html (en)', 'comparison.md (zh)', 'comparison.html (zh)']) {
      expect(fewer.get(name)!.size, `${name} counts the dialogues passing fewer runs`).toBe(1);
      expect(more.get(name)!.size, `${name} counts the dialogues passing more runs`).toBe(1);
    }
  });

  it.each([
    ['gated on a baseline', () => ({ report: repeated.current, docs: human(repeated, 'run') })],
    ['with no baseline', () => ({ report: repeated.base, docs: repeated.baseDocs.filter((d) => !d.name.startsWith('junit')) })],
  ])('%s, every headline says it counts dialogues passing all 3 runs', (_, shown) => {
    const { report, docs } = shown();
    const { passed, total } = report.summary.dialogues;
    const patterns: Record<Lang, RegExp> = {
      en: /(\d+)(?: of |\/)(\d+) (?:dialogues )?passed( all 3 runs)?/g,
      zh: /(\d+)(?: 段对话中 |\/)(\d+) 段(?:对话)?( 3 次运行全部)?通过|( 3 次运行全部)?通过 (\d+)\/(\d+)/g,
    };
    for (const d of docs) {
      const said = [...d.text.matchAll(patterns[d.lang])];
      expect(said.length, `${d.name} says how many dialogues passed`).toBeGreaterThan(0);
      for (const match of said) {
        const [x, y, allRuns] =
          match[5] !== undefined
            ? [match[5], match[6], match[4]]
            : d.lang === 'zh' && match[0].includes('段对话中')
              ? [match[2], match[1], match[3]]
              : [match[1], match[2], match[3]];
        expect([Number(x), Number(y), allRuns !== undefined], `${d.name}: ${match[0]}`).toEqual([passed, total, true]);
      }
    }
  });

  it('the Dialogue success card says it counts runs', () => {
    const success = repeated.current.metrics.dialogueSuccess as MetricResult;
    const runs: Record<Lang, RegExp> = { en: /(\d+) of (\d+) runs passed/, zh: /(\d+) 次运行中 (\d+) 次通过/ };
    for (const lang of LANGS) {
      const match = doc(repeated, `report.html (${lang})`).text.match(runs[lang]);
      expect(match, `report.html (${lang}) says what Dialogue success counts`).not.toBeNull();
      const [x, y] = lang === 'zh' ? [match![2], match![1]] : [match![1], match![2]];
      expect([Number(x), Number(y)]).toEqual([success.counts['passed'], success.counts['judged']]);
    }
  });
});

const names = (lang: Lang) => READING_ORDER.map((metric) => ({ metric, name: metricDefinition(metric)!.label[lang === 'zh' ? 1 : 0] }));

/** Each place a metric is named, with the text up to the next metric named on that line. */
function segments(d: Doc): { metric: string; text: string }[] {
  const out: { metric: string; text: string }[] = [];
  for (const line of d.text.split('\n')) {
    const found: { metric: string; at: number; end: number }[] = [];
    for (const { metric, name } of names(d.lang)) {
      // A name alone, not inside a sentence or a feature tag's "保存 (persistence)".
      const pattern = new RegExp(`(?<=^|[\\s|;；,，:：])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s|:：])(?! \\()`, 'g');
      for (const match of line.matchAll(pattern)) found.push({ metric, at: match.index, end: match.index + name.length });
    }
    found.sort((a, b) => a.at - b.at);
    found.forEach((f, i) => out.push({ metric: f.metric, text: line.slice(f.end, found[i + 1]?.at ?? line.length) }));
  }
  return out;
}

describe.each(BOTH)('%s: each metric change has one delta and one wording everywhere', (_, rendered) => {
  it("the first change in points after a metric's name is the change between the two reports' scores", () => {
    const r = rendered();
    const judged = (report: ReadReport, metric: string) => {
      const m = (report.metrics as Record<string, MetricResult | undefined>)[metric];
      return m && m.counts['judged'] !== 0 ? m.score : null;
    };
    let checked = 0;
    for (const d of [...human(r, 'run'), ...human(r, 'compare')]) {
      for (const { metric, text } of segments(d)) {
        const delta = text.match(/([+\-−±])(\d+\.\d) pp/);
        const [before, after] = [judged(r.base, metric), judged(r.current, metric)];
        if (!delta || before === null || after === null) continue;
        const shown = (delta[1] === '-' || delta[1] === '−' ? -1 : 1) * Number(delta[2]);
        expect(Math.abs(shown - (after - before) * 100), `${d.name}: ${metric} ${delta[0]}`).toBeLessThanOrEqual(0.05 + 1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("a metric's change is qualified with the same words wherever it is qualified", () => {
    const r = rendered();
    const qualifiers: Record<Lang, readonly string[]> = {
      en: ['very unlikely to be chance', 'could be chance', 'not significant', 'significant', 'within tolerance'],
      zh: ['极不可能是偶然', '可能只是偶然', '不显著', '显著', '在容差内'],
    };
    for (const lang of LANGS) {
      const said = new Map<string, Set<string>>();
      for (const d of [...human(r, 'run'), ...human(r, 'compare')].filter((x) => x.lang === lang)) {
        for (const { metric, text } of segments(d)) {
          let rest = text;
          for (const words of qualifiers[lang]) {
            if (!rest.includes(words)) continue;
            rest = rest.split(words).join('');
            said.set(metric, new Set([...(said.get(metric) ?? []), `${words} (${d.name})`]));
          }
        }
      }
      for (const [metric, words] of said) {
        expect(new Set([...words].map((w) => w.replace(/ \(.*\)$/, ''))).size, `${lang} ${metric}: ${[...words].join('; ')}`).toBe(1);
      }
    }
  });

  it('no metric id, undefined, NaN or [object Object] reaches a reader of any page, list or console', () => {
    const ids = [...READING_ORDER.filter((id) => /[A-Z]/.test(id)), 'dialoguePassRate'];
    const raw = new RegExp(`\\b(${[...ids, 'undefined', 'NaN'].join('|')})\\b|\\[object Object\\]`);
    for (const d of rendered().docs) {
      // JUnit names each failed check by its id, as a CI log shows it.
      const text = d.name.startsWith('junit') ? d.text.replace(/ name="[^"]*"/g, '') : d.text;
      expect(text.match(raw)?.[0] ?? null, d.name).toBeNull();
    }
  });
});
