import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDatasets, resolveDatasetFiles, streamDatasets } from '../../src/datasets/loadDatasets.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';
import { simulateSuite, type SimulatedDialogue } from '../../src/sim/simulateSuite.js';
import { modelTurns } from '../../src/scoring/metrics/modelTurnKind.js';
import { handledAsExpected } from '../../src/scoring/metrics/modelTurnVerdict.js';
import { checkTurn } from '../../src/scoring/turnChecks.js';
import { dialogueScore, type MetricName } from '../../src/scoring/metrics/registry.js';
import type { Tally } from '../../src/scoring/tally.js';
import { cli, tempDir } from '../support/cli.js';

// Issue 30, item 1: every model-facing turn judged on its own, by kind, so that a model that stops
// handling appends moves a gated number even when the parse before each append already failed.

const TURN_METRICS = ['parseHandled', 'correctionHandled', 'appendHandled', 'confirmHandled', 'cancelHandled', 'unclearHandled'] as const;

interface Metric {
  readonly score: number;
  readonly counts: Readonly<Record<string, number>>;
}

function write(dir: string, name: string, yaml: string): string {
  const file = join(dir, name);
  writeFileSync(file, yaml);
  return file;
}

function kindsOf(yaml: string): (string | null)[][] {
  const file = write(tempDir(), 'kinds.yaml', yaml);
  return loadDatasets([file]).dialogues.map((dialogue) => modelTurns(dialogue).map((turn) => turn?.kind ?? null));
}

function run(args: readonly string[]): { status: number | null; stderr: string; metrics: Record<string, Metric>; report: Record<string, unknown> } {
  const out = tempDir();
  const result = cli(['run', ...args, '--out', out, '--no-progress']);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { metrics: Record<string, Metric> };
  return { status: result.status, stderr: result.stderr, metrics: report.metrics, report };
}

const TWO = '[{amount: 60, type: EXPENSE, category: 餐饮, status: pending}, {amount: 30, type: EXPENSE, category: 交通, status: pending}]';

describe('the kind of a model-facing turn, read from the dataset', () => {
  it('the model suite (no script): from the expected change of the draft — seed 000 追加新笔, seed 003 纠正', () => {
    const [kinds] = kindsOf(`
- id: kinds-model
  turns:
    - {user: 吃饭六十打车三十, expect: {route: llm, state: CONFIRMING, batch: ${TWO}}}
    - {user: 第二笔改成二十五, expect: {route: llm, state: CONFIRMING, batch: [{amount: 60, type: EXPENSE, category: 餐饮, status: pending}, {amount: 25, type: EXPENSE, category: 交通, status: pending}]}}
    - {user: 那个改一下, expect: {route: llm, state: CONFIRMING, batch: [{amount: 60, type: EXPENSE, category: 餐饮, status: pending}, {amount: 25, type: EXPENSE, category: 交通, status: pending}]}}
    - {user: 还有一笔奶茶十五, expect: {route: llm, state: CONFIRMING, batch: [{amount: 60, status: pending}, {amount: 25, status: pending}, {amount: 15, type: EXPENSE, category: 饮品, status: pending}]}}
    - {user: 确认第一笔, expect: {route: local, intent: confirmItem, state: CONFIRMING}}
    - {user: 第二笔改成二十, expect: {route: llm, state: CONFIRMING, batch: [{amount: 60}, {amount: 20}, {amount: 15}]}}
    - {user: 嗯对就这样, expect: {route: llm, state: LISTENING, batch: null, saved: [{amount: 60}, {amount: 20}, {amount: 15}]}}
    - {user: 加油三百, expect: {route: llm, state: CONFIRMING, batch: [{amount: 300, status: pending}]}}
    - {user: 这些都先别记了, expect: {route: llm, state: LISTENING, batch: null, saved: []}}
`);
    // The local turn is no model turn, and it states no batch: the next turn's draft before is unknown.
    expect(kinds).toEqual(['parse', 'correction', 'unclear', 'append', null, null, 'confirm', 'parse', 'cancel']);
  });

  it('a field the draft before left open and the turn pins is a correction; a full draft left as it was is an append refused at the cap (seed 000 上限)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `{amount: ${i + 1}, status: pending}`).join(', ');
    const [kinds] = kindsOf(`
- id: kinds-open-and-cap
  turns:
    - {user: 老板发了个红包两百我又给我妈转了五百, expect: {route: llm, state: CONFIRMING, batch: [{amount: 200, type: INCOME}, {amount: 500}]}}
    - {user: 都改成收入, expect: {route: llm, state: CONFIRMING, batch: [{amount: 200, type: INCOME}, {amount: 500, type: INCOME}]}}
    - {user: 确认, expect: {route: local, intent: confirm, state: LISTENING, batch: null}}
    - {user: 一二三四五六七八九十, expect: {route: llm, state: CONFIRMING, batch: [${ten}]}}
    - {user: 还有一笔话费五十, expect: {route: llm, state: CONFIRMING, batch: [${ten}]}}
`);
    expect(kinds).toEqual(['parse', 'correction', null, 'parse', 'append']);
  });

  it('the bundled suite: from the scripted answer, then expect.outcome; a scripted fault or raw text is no model turn (seed 002 风险)', () => {
    const [kinds] = kindsOf(`
- id: kinds-scripted
  turns:
    - user: 吃饭60，打车30
      llm: {parse: {transactions: [{amount: 60, type: EXPENSE, category: 餐饮}, {amount: 30, type: EXPENSE, category: 交通}]}}
      expect: {batch: [{amount: 60}, {amount: 30}]}
    - user: 还有一笔奶茶15
      llm: {correct: {corrections: [{index: -1, updatedFields: {amount: 15, type: EXPENSE, category: 饮品}}], intent: append, confidence: 0.9}}
      expect: {route: llm, batch: [{amount: 60}, {amount: 30}, {amount: 15}]}
    - user: 嗯对就这样
      llm: {correct: {corrections: [], intent: confirm, confidence: 0.3}}
      expect: {route: llm, batch: [{amount: 60}, {amount: 30}, {amount: 15}]}
    - user: 第一笔改成50
      llm: {raw: 好的，我改一下}
      expect: {route: llm, batch: [{amount: 60}, {amount: 30}, {amount: 15}]}
    - user: 那个不对
      expect: {route: llm, outcome: unclear, batch: [{amount: 60}, {amount: 30}, {amount: 15}]}
`);
    // A confirm the app must not apply (below the confidence floor) is still a confirm turn.
    expect(kinds).toEqual(['parse', 'append', 'confirm', null, 'unclear']);
  });
});

/** A two-item utterance, then an append, then a local confirm; the scripted answers as given. */
function parseThenAppend(id: string, parseAnswer: string, appendAnswer: string): string {
  return `
- id: ${id}
  turns:
    - user: 吃饭60，打车30
      llm: {parse: ${parseAnswer}}
      expect: {route: llm, state: CONFIRMING, batch: ${TWO}}
    - user: 还有一笔奶茶15
      llm: {correct: ${appendAnswer}}
      expect: {route: llm, state: CONFIRMING, batch: [{amount: 60, type: EXPENSE, category: 餐饮}, {amount: 30, type: EXPENSE, category: 交通}, {amount: 15, type: EXPENSE, category: 饮品}]}
    - user: 确认
      expect: {route: local, intent: confirm, state: LISTENING, batch: null}
`;
}

const RIGHT_SPLIT =
  '{transactions: [{amount: 60, type: EXPENSE, category: 餐饮, description: 吃饭}, {amount: 30, type: EXPENSE, category: 交通, description: 打车}]}';
/** The model heard one item: the split is wrong. */
const MERGED = '{transactions: [{amount: 90, type: EXPENSE, category: 餐饮, description: 吃饭打车}]}';
/** The model heard nothing it could book: no draft at all. */
const NOTHING = '{transactions: []}';
const APPEND = '{corrections: [{index: -1, updatedFields: {amount: 15, type: EXPENSE, category: 饮品, description: 奶茶}}], intent: append, confidence: 0.9}';
/** The append intent lost: the model calls the line unclear. */
const LOST_APPEND = '{corrections: [], intent: unclear, confidence: 0.9}';

describe('a turn is judged on its own', () => {
  it('in --mode gold an append after a failed parse counts as handled, exactly as after a right one', () => {
    const dir = tempDir();
    const failed = write(dir, 'failed.yaml', parseThenAppend('gold-after-failed-parse', NOTHING, APPEND));
    const right = write(dir, 'right.yaml', parseThenAppend('gold-after-right-parse', RIGHT_SPLIT, APPEND));
    const afterFailure = run(['--dataset', failed, '--mode', 'gold']);
    expect(afterFailure.status).toBe(1);
    expect(afterFailure.metrics['parseHandled']!.counts).toEqual({ judged: 1, handled: 0 });
    expect(afterFailure.metrics['appendHandled']!.counts).toEqual({ judged: 1, handled: 1 });
    const afterRight = run(['--dataset', right, '--mode', 'gold']);
    expect(afterRight.metrics['parseHandled']!.counts).toEqual({ judged: 1, handled: 1 });
    expect(afterRight.metrics['appendHandled']!.counts).toEqual(afterFailure.metrics['appendHandled']!.counts);
    // In e2e mode the same failure leaves no draft to append to: the append fails with it.
    const e2e = run(['--dataset', failed]);
    expect(e2e.metrics['appendHandled']!.counts).toEqual({ judged: 1, handled: 0 });
  });

  it('in e2e mode an append onto a wrongly split draft is judged on what it added', () => {
    const file = write(tempDir(), 'merged.yaml', parseThenAppend('e2e-after-wrong-split', MERGED, APPEND));
    const { metrics } = run(['--dataset', file]);
    expect(metrics['batchSplitting']!.score).toBe(0);
    expect(metrics['parseHandled']!.counts).toEqual({ judged: 1, handled: 0 });
    expect(metrics['appendHandled']!.counts).toEqual({ judged: 1, handled: 1 });
    // The confirm is local (Layer 1), no model turn; nothing else of the kinds was judged.
    for (const name of ['correctionHandled', 'confirmHandled', 'cancelHandled', 'unclearHandled']) expect(metrics[name]!.counts['judged']).toBe(0);
  });
});

describe("the verdict against the turn's own batch check, on the model suite with the heuristic model", () => {
  /** Per judged turn: its verdict and whether its `batch` check passed. */
  async function verdictsAndChecks(mode: 'e2e' | 'gold'): Promise<{ verdict: boolean; check: boolean }[]> {
    const out: { verdict: boolean; check: boolean }[] = [];
    const suite = simulateSuite(streamDatasets(resolveDatasetFiles(['datasets/model/*.yaml'])), { backend: new HeuristicModel(), mode, seed: 1, repeat: 1 });
    for await (const simulated of suite as AsyncIterable<SimulatedDialogue>) {
      if (!('traces' in simulated)) continue;
      const turns = modelTurns(simulated.dialogue);
      for (const trace of simulated.traces[0]!.turns) {
        const turn = turns[trace.turnIndex];
        if (turn) out.push({ verdict: handledAsExpected(turn, trace, true), check: checkTurn(trace, true).find((c) => c.name === 'batch')!.passed });
      }
    }
    return out;
  }

  it('gold mode (each turn from the expected draft): they agree on every turn, right and wrong', async () => {
    const pairs = await verdictsAndChecks('gold');
    expect(pairs.length).toBe(950);
    expect(pairs.filter((p) => !p.verdict).length).toBeGreaterThan(50);
    expect(pairs.filter((p) => p.verdict !== p.check)).toEqual([]);
  }, 60_000);

  it('e2e mode: a turn whose whole draft is right is handled; some turns on a draft an earlier turn got wrong are handled too', async () => {
    const pairs = await verdictsAndChecks('e2e');
    expect(pairs.filter((p) => p.check && !p.verdict)).toEqual([]);
    expect(pairs.filter((p) => p.verdict && !p.check).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the paired gate on a prompt that loses the append intent', () => {
  // Sixteen dialogues whose parse the model gets wrong on both sides; the candidate's model also
  // calls every append unclear. Dialogue success is 0 % on both sides, batch splitting too, and
  // correction index mapping does not judge appends: only the turn-level append metric can see it.
  const ids = Array.from({ length: 16 }, (_, i) => `append-${String(i + 1).padStart(2, '0')}`);
  const suite = (append: string) => ids.map((id) => parseThenAppend(id, MERGED, append)).join('');

  // Scripted answers repeat (issue 45, item 1): --repeat 2 runs once, and the exact gate judges every move.
  it('fails the gate (exit 1) naming appendHandled, 100 % → 0 %, and only it: the other metrics fail every dialogue on both sides', () => {
    const dir = tempDir();
    const baseline = join(dir, 'baseline.json');
    const common = ['--repeat', '2', '--no-progress', '--baseline', baseline];
    const made = cli(['run', '--dataset', write(dir, 'baseline.yaml', suite(APPEND)), ...common, '--update-baseline', '--out', join(dir, 'base')]);
    expect(made.status, made.stderr).not.toBe(2);
    const candidate = cli(['run', '--dataset', write(dir, 'candidate.yaml', suite(LOST_APPEND)), ...common, '--out', join(dir, 'cand')]);
    expect(candidate.status, candidate.stderr).toBe(1);
    expect(candidate.stdout).toMatch(/Appends handled\s.*100\.0% → 0\.0%/);
    const report = JSON.parse(readFileSync(join(dir, 'cand', 'report.json'), 'utf8')) as {
      run: { repeat: number };
      gate: { regressions: { kind: string; name: string; baseline: number; current: number }[]; paired?: unknown };
    };
    expect(report.run.repeat).toBe(1);
    expect(report.gate.paired).toBeUndefined();
    expect(report.gate.regressions.filter((r) => r.kind === 'metric').map((r) => [r.name, r.baseline, r.current])).toEqual([['appendHandled', 1, 0]]);
    // The same two files through `compare`.
    const compared = cli(['compare', baseline, join(dir, 'cand', 'report.json')]);
    expect(compared.status, compared.stderr).toBe(1);
    expect(compared.stdout).toMatch(/REGRESSION metric Appends handled/);
  }, 120_000);

  it("compares per dialogue: each dialogue's append score, and n/a for the kinds it has no turn of", () => {
    const file = write(tempDir(), 'candidate.yaml', suite(LOST_APPEND));
    // A baseline keeps each dialogue's tallies at any --repeat.
    const { report } = run(['--dataset', file, '--baseline', join(tempDir(), 'baseline.json'), '--update-baseline']);
    const repeated = report['repeated'] as Record<string, { runs: number; tallies: Record<MetricName, Tally> }>;
    expect(Object.keys(repeated).sort()).toEqual(ids);
    for (const entry of Object.values(repeated)) {
      expect(entry.runs).toBe(1);
      expect(dialogueScore('appendHandled', entry.tallies.appendHandled)).toBe(0);
      expect(dialogueScore('parseHandled', entry.tallies.parseHandled)).toBe(0);
      for (const name of ['correctionHandled', 'confirmHandled', 'cancelHandled', 'unclearHandled'] as const)
        expect(dialogueScore(name, entry.tallies[name])).toBeNull();
    }
  });
});

describe('every turn-kind metric', () => {
  it('is in report.json, and named in report.md and report.html in either language', () => {
    const dir = tempDir();
    const file = write(dir, 'one.yaml', parseThenAppend('every-format', RIGHT_SPLIT, APPEND));
    for (const [lang, words] of [
      ['en', ['Parse turns handled', 'Appends handled', 'Unclear replies handled']],
      ['zh', ['新输入拆分正确', '追加处理正确', '含糊回复处理正确']],
    ] as const) {
      const out = join(dir, lang);
      expect(cli(['run', '--dataset', file, '--lang', lang, '--out', out, '--no-progress']).status).toBe(0);
      const json = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { metrics: Record<string, Metric> };
      for (const name of TURN_METRICS) {
        // One parse and one append judged; the other kinds n/a.
        expect(dialogueScore(name, json.metrics[name]!.counts as Tally), name).toBe(name === 'parseHandled' || name === 'appendHandled' ? 1 : null);
      }
      for (const page of ['report.md', 'report.html']) {
        const text = readFileSync(join(out, page), 'utf8');
        for (const word of words) expect(text, `${lang} ${page}`).toContain(word);
      }
    }
  });
});
