// Over 300 lines on purpose: the first words of every format (verdict, what was measured, what changed) decided in one place, with its word table.
/** The report's first words: what the run measured and what changed, in plain sentences. */
import { deltaPoints } from './format.js';
import { label, metricName } from './labels.js';
import { inLang, pick, punctuation, type Words } from './wording.js';
import { dialogueChanges, findingMetricName, metricKey, runOutcome } from '../model/reportQueries.js';
import { judgeMove, NOISE_LEVEL } from '../model/noise.js';
import type { GateResult, Lang, Report, TrendRun } from '../model/reportTypes.js';
import { whatBroke } from '../model/whatBroke.js';
import { dialoguesPassedSaid } from '../model/runView.js';
import { answersRepeat, findBackend } from '../../backends/registry.js';
import { armsSentence } from './armsWords.js';
import { answersSentence, cannotJudgeSentence } from './answersWords.js';
import { sequentialSentence } from './sequentialWords.js';
import { pairingSaid } from './pairingWords.js';
import { servedModelBaselineSaid, servedModelChangeSaid, servedModelSaid } from './servedModel.js';
import {
  brokeCount,
  changeVerdict,
  changeWordText,
  fixedWords,
  gateChangeFacts,
  intervalWords,
  setAsideWords,
  testedChanges,
  withinNoiseWords,
  type ChangeFacts,
} from './changeWords.js';
import { gateNoteSaid } from './gateNoteWords.js';
import { suiteMoveSaid, worseSaid } from './leadWords.js';
import { suiteMove } from '../model/suiteMove.js';

export interface Headline {
  readonly verdict: string;
  readonly measured: string;
  /** null when there is nothing to compare with (no baseline, no earlier comparable run). */
  readonly changed: string | null;
  /** Whether `changed` names a change beyond noise (a gate finding, a move larger than chance gives): only then is it emphasised. */
  readonly changedBeyondNoise: boolean;
  /** The statistics behind `changed`, for a details fold (null when there are none). */
  readonly changedDetails: string | null;
  /**
   * `changed` split for a page short of room: `lead` says what changed, `aside` the sentences about
   * how it was compared (served model, pairing, answers, what the gate cannot judge, the arms).
   * `aside` is null when there are none, or when `lead` is empty and they are all there is to say.
   */
  readonly changedLead: string | null;
  readonly changedAside: string | null;
  /**
   * A gate's change on a page's first screen: `changedLead` names the first LEAD_NUMBERS of what
   * moved (dialogues broke and fixed, then the metrics beyond chance, largest first); the rest are
   * here, for a fold under it, with how many they are. Null when the lead names them all.
   */
  readonly changedMore: { readonly count: number; readonly text: string } | null;
}

/** The headline's own sentences (labels.ts holds the words every page shares). */
export const HEADLINE_WORDS = {
  modelQuality: ['The quality of model {model} ({backend}) on {on}', '模型 {model}（{backend}）在{on}上的质量'],
  virtualClock: [
    "answers placed {ms} ms after each call on the virtual clock: the model's real latency was not judged{real}",
    '模型回答按虚拟时钟在 {ms} ms 后到达：未评判真实延迟{real}',
  ],
  goldMode: ['each turn starting from the expected state', '每轮从期望状态开始'],
  legacyProtocol: ['legacy conversation protocol (seed 004)', '旧版会话协议（种子 004）'],
  allReplayed: ['all {replayed} answers replayed from a cassette, none measured live', '{replayed} 个回答全部来自录制回放，没有实时测量'],
  allLive: ['{live} answers live', '实时回答 {live} 个，回放 0 个'],
  liveAndReplayed: ['{live} answers live, {replayed} replayed from a cassette', '实时回答 {live} 个，回放 {replayed} 个'],
  modelFacingDialogues: ['{total} model-facing dialogues', '面向模型的 {total} 段对话'],
  allDialogues: ['{total} dialogues', '全部 {total} 段对话'],
  knockOn: ['knock-on', '连带'],
  notJudged: ['Not judged: ', '未评判：'],
  theBaseline: ['The baseline: ', '基线：'],
  replayedMatch: ['The replayed answers match the baseline.', '回放的回答与基线一致。'],
  noChange: ['No change against the baseline.', '与基线相比没有变化。'],
  againstBaseline: ['Against the baseline: ', '与基线相比：'],
} satisfies Record<string, Words>;

/** Numbers a first screen's lead names: more than three cannot be taken in at a glance (issue 40, item 6). */
export const LEAD_NUMBERS = 3;

export function headlineOf(report: Report, lang: Lang = 'en'): Headline {
  const verdict = `${label(lang, runOutcome(report))} · ${dialoguesPassedSaid(report, lang)}`;
  const change = report.gate ? withArms(gateChange(report, lang), report.gate, lang) : trendChange(report, lang);
  const aside = change?.aside && change.aside.length > 0 && change.lead ? change.aside.join(punctuation(lang).space) : null;
  return {
    verdict,
    measured: measured(report, lang),
    changed: change?.text ?? null,
    changedBeyondNoise: change?.beyondNoise ?? false,
    changedDetails: change?.details ?? null,
    changedLead: change ? change.lead || change.text : null,
    changedAside: aside,
    changedMore: change?.more ?? null,
  };
}

interface Change {
  readonly text: string;
  readonly beyondNoise: boolean;
  readonly details: string | null;
  /** Only a gate's change: `text` is its sentences in their order; `lead` the ones that say what changed, `aside` the rest. */
  readonly lead?: string;
  readonly aside?: readonly string[];
  /** Only a gate's change: what moved beyond the lead's first LEAD_NUMBERS. */
  readonly more?: { readonly count: number; readonly text: string } | null;
}

const present = (part: string | null | undefined): part is string => part !== null && part !== undefined && part !== '';

/** The gate's change, whether it reached the model and what it cannot judge, then what differs between the arms and where a sequential run stopped. */
function withArms(change: Change, gate: GateResult, lang: Lang): Change {
  const text = [change.text, answersSentence(gate, lang), cannotJudgeSentence(gate, lang), armsSentence(gate, lang), sequentialSentence(gate, lang)]
    .filter(present)
    .join(' ');
  const lead = [change.lead, sequentialSentence(gate, lang)].filter(present).join(' ');
  const aside = [...(change.aside ?? []), answersSentence(gate, lang), cannotJudgeSentence(gate, lang), armsSentence(gate, lang)].filter(present);
  return { ...change, text, lead, aside };
}

function measured(report: Report, lang: Lang): string {
  const { backend, model } = report.run.llm;
  const p = punctuation(lang);
  const on = onWhat(report, lang);
  // A wrapped backend (`perturb(heuristic)`) has no entry: it is measured as a model.
  const measures = findBackend(backend)?.measures;
  const what = measures ? inLang(lang, measures, { model, on }) : inLang(lang, HEADLINE_WORDS.modelQuality, { model, backend, on });
  const how: string[] = [];
  const answers = report.run.llm.answers;
  if (answers) how.push(answersSaid(answers, lang));
  const served = servedModelSaid(report.run.llm, lang);
  if (served) how.push(served);
  const virtualMs = report.run.llm.virtualLatencyMs;
  if (virtualMs !== undefined) {
    how.push(inLang(lang, HEADLINE_WORDS.virtualClock, { ms: virtualMs, real: realLatency(report) }));
  }
  if (report.run.repeatAsked !== undefined) how.push(label(lang, 'repeatRanOnce', report.run.repeatAsked));
  if (report.run.mode === 'gold') how.push(pick(lang, HEADLINE_WORDS.goldMode));
  if (report.run.protocol === 'conversation') how.push(pick(lang, HEADLINE_WORDS.legacyProtocol));
  return `${[what, ...how].join(p.semicolon)}${p.stop}`;
}

/** " (real: parse p50 4 100 ms, p95 6 900 ms; correct …)" from run.timing.modelWallMs. */
function realLatency(report: Report): string {
  const wall = report.run.timing['modelWallMs'] as Record<string, { p50: number | null; p95: number | null }> | undefined;
  const parts = Object.entries(wall ?? {}).map(([endpoint, ms]) => `${endpoint} p50 ${ms.p50 ?? '–'} ms, p95 ${ms.p95 ?? '–'} ms`);
  return parts.length > 0 ? ` (real: ${parts.join('; ')})` : '';
}

/** "1 398 answers live" / "548 answers replayed from a cassette, none live". */
function answersSaid(answers: { live: number; replayed: number }, lang: Lang): string {
  const { live, replayed } = answers;
  if (live === 0 && replayed > 0) return inLang(lang, HEADLINE_WORDS.allReplayed, { replayed });
  return inLang(lang, replayed === 0 ? HEADLINE_WORDS.allLive : HEADLINE_WORDS.liveAndReplayed, { live, replayed });
}

function onWhat(report: Report, lang: Lang): string {
  const total = report.summary.dialogues.total;
  const modelFacing = report.run.datasets.length > 0 && report.run.datasets.every((file) => /(^|\/)datasets\/model\//.test(file));
  return inLang(lang, modelFacing ? HEADLINE_WORDS.modelFacingDialogues : HEADLINE_WORDS.allDialogues, { total });
}

/** ", very unlikely to be chance" when the gate tested the change (or a report says so outright): changeVerdict's word. */
function significance(facts: ChangeFacts | null, lang: Lang): string {
  if (!facts) return '';
  return `${punctuation(lang).comma}${changeWordText(lang, changeVerdict(facts))}`;
}

function metricMoveSaid(report: Report, name: string, before: number, after: number, lang: Lang, knockOn: ReadonlySet<string>): string {
  const follows = knockOn.has(name) ? `${punctuation(lang).comma}${pick(lang, HEADLINE_WORDS.knockOn)}` : '';
  return `${metricName(lang, name)} ${deltaPoints(before, after, lang)}${significance(changeFactsOf(report.gate, name, after - before), lang)}${follows}`;
}

/** The gate's tests of the metric, or an older report's finding that says outright whether it was significant. */
function changeFactsOf(gate: GateResult | null, metric: string, delta: number): ChangeFacts | null {
  const tested = gateChangeFacts(gate, metric);
  if (tested || !gate) return tested;
  const flag = (
    [...gate.regressions, ...gate.improvements].find((f) => f.kind === 'metric' && findingMetricName(f) === metric) as { significant?: unknown } | undefined
  )?.significant;
  return typeof flag === 'boolean' ? { delta, test: flag ? 'counted' : 'notCounted' } : null;
}

function gateChange(report: Report, lang: Lang): Change {
  const gate = report.gate!;
  const p = punctuation(lang);
  const { knockOn } = whatBroke(report);
  const changes = dialogueChanges(gate);
  const { broke, fixed } = changes;
  const counted: string[] = [];
  if (broke.length > 0) counted.push(brokeCount(gate, lang));
  if (fixed.length > 0) counted.push(fixedWords(fixed.length, lang));
  const noise = withinNoiseWords(changes, report.run.repeat, lang);
  const moved = new Map<string, [number, number]>();
  for (const finding of [...gate.regressions, ...gate.improvements]) {
    if (finding.kind === 'metric' && typeof finding.baseline === 'number' && typeof finding.current === 'number') {
      moved.set(findingMetricName(finding), [finding.baseline, finding.current]);
    }
  }
  // Metrics the paired gate tested and found moved but not beyond doubt still belong in "what changed".
  for (const test of (gate.paired ?? gate.singleRuns)?.tests ?? []) {
    const name = metricKey(test.name);
    if (name in report.metrics && !moved.has(name) && Math.abs(test.current - test.baseline) > 1e-9) moved.set(name, [test.baseline, test.current]);
  }
  // An undecided sequential run shows every metric that moved on its paired dialogues, as a fixed-size gate would, tested or not.
  if (gate.sequential) {
    for (const test of gate.singleRuns?.setAside ?? []) {
      const name = metricKey(test.name);
      if (name in report.metrics && !moved.has(name) && Math.abs(test.current - test.baseline) > 1e-9) moved.set(name, [test.baseline, test.current]);
    }
  }
  // The suite's move comes first (issue 49): dialogue success and the every-run count, then how many dialogues did worse.
  const suite = suiteMove(report, gate);
  const suiteSaid = suiteMoveSaid(suite, gate, lang, p.semicolon);
  if (suiteSaid && suite.success) moved.delete('dialogueSuccess');
  const metricParts = [...moved].map(([name, [before, after]]) => metricMoveSaid(report, name, before, after, lang, knockOn));
  const parts = [...(suiteSaid ? [suiteSaid] : []), ...counted, ...noise, ...metricParts];
  // The lead: the suite's move, the dialogues that did worse and better (all of them, over repeats), then the metrics that moved most beyond chance.
  const worse = report.run.repeat > 1 && gate.paired ? worseSaid(suite, broke.length, lang) : null;
  const ranked = [...moved.keys()]
    .map((name, i) => ({ part: metricParts[i]!, rank: leadRank(gate, name, moved.get(name)!, knockOn) }))
    .sort((x, y) => y.rank - x.rank);
  const dialogueParts = worse ? [worse] : counted;
  const candidates = [...(suiteSaid ? [suiteSaid] : []), ...dialogueParts, ...ranked.map((m) => m.part), ...(worse ? [] : noise)];
  const leadParts = candidates.slice(0, LEAD_NUMBERS);
  // What the lead summed up (broke, fewer runs) stays said in full below it, with why it is not counted as broke.
  const rest = parts.filter((part) => !leadParts.includes(part));
  const notJudged =
    gate.notJudged && gate.notJudged.length > 0
      ? `${pick(lang, HEADLINE_WORDS.notJudged)}${gate.notJudged.map((note) => gateNoteSaid(lang, note)).join(p.semicolon)}${p.stop} `
      : '';
  const baselineAnswers = gate.answers?.baseline;
  const baselineSaid = baselineAnswers ? ` ${pick(lang, HEADLINE_WORDS.theBaseline)}${answersSaid(baselineAnswers, lang)}${p.stop}` : '';
  const current = gate.answers?.current;
  const unmeasured = current !== undefined && current.live === 0 && current.replayed > 0;
  let change: string;
  // Replayed answers that match the baseline show only that the recording did not change.
  // A sequential run's own sentence says what it ruled out (or could not): "no change" would claim more.
  if (parts.length === 0 && gate.sequential) change = '';
  else if (parts.length === 0) change = pick(lang, unmeasured ? HEADLINE_WORDS.replayedMatch : HEADLINE_WORDS.noChange);
  else change = againstBaseline(parts, lang);
  const details = pairedGateDetails(gate, lang);
  const otherModel = gate.servedModels ? `${servedModelBaselineSaid(gate.servedModels, lang)}${p.space}` : '';
  const pairing = pairingSaid(gate, lang);
  return {
    text: `${otherModel}${pairing}${notJudged}${change}${baselineSaid}`,
    beyondNoise: gate.regressions.length + gate.improvements.length > 0,
    details,
    lead: `${notJudged}${parts.length > 0 ? againstBaseline(leadParts, lang) : change}`.trim(),
    aside: [otherModel, pairing, baselineSaid].map((part) => part.trim()).filter(present),
    more: rest.length > 0 ? { count: rest.length, text: `${rest.join(p.semicolon)}${p.stop}` } : null,
  };
}

function againstBaseline(parts: readonly string[], lang: Lang): string {
  const p = punctuation(lang);
  return `${pick(lang, HEADLINE_WORDS.againstBaseline)}${parts.join(p.semicolon)}${p.stop}`;
}

/** A gate's finding (or a tested move beyond chance) first, then a metric that does not only follow from another, then the larger move. */
function leadRank(gate: GateResult, name: string, [before, after]: [number, number], knockOn: ReadonlySet<string>): number {
  const facts = changeFactsOf(gate, name, after - before);
  const isFinding = [...gate.regressions, ...gate.improvements].some((f) => f.kind === 'metric' && findingMetricName(f) === name);
  const beyond = facts ? facts.test === 'counted' || changeVerdict(facts).tone !== 'neutral' : isFinding;
  return (beyond ? 2 : 0) + (knockOn.has(name) ? 0 : 1) + Math.min(Math.abs(after - before), 0.999);
}

/** The paired gate's statistics in words, for the details fold: method, α, and each tested change's p-value and interval. */
function pairedGateDetails(gate: GateResult, lang: Lang): string | null {
  const paired = gate.paired ?? gate.singleRuns;
  if (!paired) return null;
  const tests = testedChanges(gate, lang);
  const setAside = setAsideWords(gate, lang);
  const p = punctuation(lang);
  return `${label(lang, gate.paired ? 'pairedMethod' : 'singleRunsMethod', paired.dialogues, paired.alpha)} ${tests.join(p.semicolon)}${p.stop}${setAside ? `${p.space}${setAside}` : ''}`;
}

/**
 * Without a baseline, the previous comparable run of the history is the reference. A backend whose
 * answers repeat (backends/registry.ts answersRepeat) has no run-to-run noise, so each move is a
 * change; otherwise, one run each side, each move is judged against the noise its counts allow
 * (report/model/noise.ts). A run on another build than the previous one says so.
 */
function trendChange(report: Report, lang: Lang): Change | null {
  const modelChange = report.view?.trend?.servedModelChange;
  const change = comparedWithPrevious(report, lang);
  if (!modelChange) return change;
  const said = servedModelChangeSaid(modelChange.previous, modelChange.current, lang);
  return change ? { ...change, text: `${said}${punctuation(lang).space}${change.text}` } : { text: said, beyondNoise: false, details: null };
}

function comparedWithPrevious(report: Report, lang: Lang): Change | null {
  const runs = report.view?.trend?.runs ?? [];
  const previous = runs.at(-2);
  const current = runs.at(-1);
  if (!previous || !current) return null;
  const { semicolon: sep, stop: end, space } = punctuation(lang);
  const build = previous.commit && current.commit && previous.commit !== current.commit ? label(lang, 'buildChanged', previous.commit, current.commit) : null;
  const withBuild = (change: Change): Change => (build ? { ...change, text: `${change.text}${space}${build}` } : change);
  const counted = (run: TrendRun, name: string, score: number) => ({ score, judged: run.judged?.[name] ?? null });
  const moved = Object.entries(current.metrics)
    .map(([name, score]) => ({ name, score, before: previous.metrics[name] }))
    .filter(
      (m): m is { name: string; score: number; before: number } =>
        typeof m.score === 'number' && typeof m.before === 'number' && Math.abs(m.score - m.before) > 1e-9,
    );
  if (moved.length === 0) return withBuild({ text: label(lang, 'trendNoMove'), beyondNoise: false, details: null });
  const said = (list: readonly { name: string; before: number; after: number }[]) =>
    list.map((m) => `${metricName(lang, m.name)} ${deltaPoints(m.before, m.after, lang)}`).join(sep);
  const backend = report.run.llm.backend;
  if (answersRepeat(backend, previous.sampling, current.sampling)) {
    const sampled = current.sampling?.seed !== undefined ? `${backend}, temperature 0, seed ${current.sampling.seed}` : backend;
    const text = `${label(lang, 'trendChanged', sampled)}${said(moved.map((m) => ({ name: m.name, before: m.before, after: m.score })))}${end}`;
    return withBuild({ text, beyondNoise: true, details: null });
  }
  const moves = moved.map((m) => judgeMove(m.name, counted(previous, m.name, m.before), counted(current, m.name, m.score)));
  const beyond = moves.filter((m) => m.verdict === 'beyondNoise');
  const within = moves.filter((m) => m.verdict === 'withinNoise');
  const unknown = moves.filter((m) => m.verdict === 'unknown');
  const sentences: string[] = [];
  if (beyond.length > 0) sentences.push(`${label(lang, 'trendBeyond')}${said(beyond)}${end}`);
  if (within.length > 0) sentences.push(`${label(lang, beyond.length > 0 ? 'trendAlsoWithin' : 'trendAllWithin')}${said(within)}${end}`);
  if (unknown.length > 0) sentences.push(`${label(lang, 'trendUnknown')}${said(unknown)}${end}`);
  const intervals = moves
    .filter((m) => m.interval)
    .map(
      (m) =>
        `${metricName(lang, m.name)} ${deltaPoints(m.before, m.after, lang)} (${intervalWords(lang, { low: m.interval![0], high: m.interval![1], level: NOISE_LEVEL })})`,
    );
  const details = intervals.length > 0 ? `${label(lang, 'trendMethod')} ${intervals.join(sep)}${end}` : null;
  return withBuild({ text: sentences.join(space), beyondNoise: beyond.length > 0, details });
}
