/** Questions every renderer asks of a Report, answered once so they all agree. */
import { deltaPoints, formatNumber, percent, formatPValue } from '../words/format.js';
import { isPageLabel, label } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import { PASS_RATE_TEST, READING_ORDER, SIGN_TESTED } from '../../scoring/metrics/registry.js';
import type { CheckReport, DialogueReport, GateFinding, GateResult, Lang, MetricResult, Provenance, Report, TurnReport } from './reportTypes.js';

/** The run's verdict: the gate's when a baseline was compared, else "every dialogue passed". */
/**
 * The verdict every format and the exit code share: with a baseline the gate decides (and, with
 * `--fail-on failures`, any failed dialogue too); without one any failed dialogue fails the run.
 */
export function overallPassed(report: Report): boolean {
  const failed = report.summary.dialogues.failed > 0;
  if (!report.gate) return !failed;
  return report.gate.passed && !(report.run.failOn === 'failures' && failed);
}

/**
 * The run's verdict as every format's first line words it: a sequential run that ended undecided
 * is neither passed nor failed but "not decided" — let through by `--undecided pass` (exit 0) or
 * not (exit 1); any other run passed or failed.
 */
export type RunOutcome = 'passed' | 'failed' | 'letThrough' | 'notDecided';

export function runOutcome(report: Report): RunOutcome {
  const passed = overallPassed(report);
  const sequential = report.gate?.sequential;
  const undecided = sequential?.decision === 'undecided' && sequential.dialoguesTested > 0 && report.gate!.regressions.length === 0;
  if (!undecided) return passed ? 'passed' : 'failed';
  return passed ? 'letThrough' : 'notDecided';
}

/** What produced the run, as label → value pairs: backend, base URL, commit, and every file's sha256. */
export function provenanceEntries(report: Report, lang: Lang = 'en'): Array<[string, string]> {
  const provenance = report.run.provenance;
  if (!provenance) return [];
  const entries: Array<[string, string]> = [];
  if (provenance.baseUrl) entries.push([label(lang, 'baseUrl'), provenance.baseUrl]);
  if (provenance.git) entries.push([label(lang, 'commit'), `${provenance.git.commit}${provenance.git.dirty ? label(lang, 'uncommitted') : ''}`]);
  else if (provenance.noGit) entries.push([label(lang, 'commit'), noGitSaid(provenance.noGit, lang)]);
  for (const [file, sha] of Object.entries(provenance.prompts)) entries.push([label(lang, 'promptFile', file), `sha256 ${sha}`]);
  for (const [file, sha] of Object.entries(provenance.datasets)) entries.push([label(lang, 'datasetFile', file), `sha256 ${sha}`]);
  return entries;
}

/** Why a run names no commit: "none (not a git checkout)". */
export function noGitSaid(why: NonNullable<Provenance['noGit']>, lang: Lang = 'en'): string {
  return label(lang, 'noGit', label(lang, why));
}

/** A metric's key as gate findings and paired tests may spell it ("metrics.routing", "routing.score", the sign test's "dialoguePassRate"). */
export function metricKey(name: string): string {
  const key = name.replace(/^metrics\./, '').replace(/\.score$/, '');
  return key === PASS_RATE_TEST ? SIGN_TESTED : key;
}

/** The metrics in a fixed reading order; names the contract does not know yet come last. */
export function orderedMetrics(report: Report): Array<[string, MetricResult]> {
  const all = report.metrics as Readonly<Record<string, MetricResult>>;
  const known = READING_ORDER.filter((name) => all[name] !== undefined);
  const extra = Object.keys(all).filter((name) => !(READING_ORDER as readonly string[]).includes(name));
  return [...known, ...extra].map((name) => [name, all[name] as MetricResult]);
}

/** The contract scores a metric 1 when it had nothing to judge; readers should see that, not a perfect score. */
export function nothingJudged(metric: MetricResult): boolean {
  return metric.counts['judged'] === 0;
}

/** Gate findings name metrics loosely ("routing", "metrics.routing", "routing.score"); normalise. */
export function findingMetricName(finding: GateFinding): string {
  return metricKey(finding.name);
}

export interface MetricComparison {
  readonly finding: GateFinding;
  readonly direction: 'regression' | 'improvement';
}

export function metricComparison(gate: GateResult | null, metric: string): MetricComparison | null {
  if (!gate) return null;
  const match = (f: GateFinding) => f.kind === 'metric' && findingMetricName(f) === metric;
  const regression = gate.regressions.find(match);
  if (regression) return { finding: regression, direction: 'regression' };
  const improvement = gate.improvements.find(match);
  return improvement ? { finding: improvement, direction: 'improvement' } : null;
}

function isScore(value: number | boolean | null): value is number {
  return typeof value === 'number' && value >= 0 && value <= 1;
}

export function formatFindingValue(finding: GateFinding, value: number | boolean | null, lang: Lang = 'en'): string {
  if (value === null) return label(lang, 'findingAbsent');
  if (typeof value === 'boolean') return label(lang, value ? 'findingPass' : 'findingFail');
  return finding.kind === 'metric' && isScore(value) ? percent(value) : formatNumber(value);
}

/** "95.0% → 88.0% (-7.0 pp, tolerance 2.0 pp)"; with statistics, the interval named with its level when given. */
export function describeFindingChange(finding: GateFinding, withStatistics = true, intervalLevel?: number, lang: Lang = 'en'): string {
  const { baseline, current, tolerance } = finding;
  const parts = [`${formatFindingValue(finding, baseline, lang)} → ${formatFindingValue(finding, current, lang)}`];
  const extras: string[] = [];
  const bothScores = isScore(baseline) && isScore(current);
  if (bothScores) extras.push(deltaPoints(baseline, current, lang));
  else if (typeof baseline === 'number' && typeof current === 'number') {
    const diff = current - baseline;
    extras.push(`${diff >= 0 ? '+' : '-'}${formatNumber(Math.abs(diff))}`);
  }
  if (tolerance !== undefined) {
    extras.push(label(lang, 'findingTolerance', bothScores ? `${(tolerance * 100).toFixed(1)} pp` : formatNumber(tolerance)));
  }
  const significance = withStatistics ? finding.significance : undefined;
  if (significance) {
    extras.push(formatPValue(significance.pValue));
    const interval = significance.interval;
    if (interval) {
      const [low, high] = [pointsOf(interval[0]), pointsOf(interval[1])];
      extras.push(
        intervalLevel === undefined ? label(lang, 'findingInterval', { low, high }) : label(lang, 'findingIntervalAt', { low, high, level: intervalLevel }),
      );
    }
  }
  if (extras.length > 0) parts.push(label(lang, 'findingExtras', extras.join(punctuation(lang).comma)));
  return parts.join(punctuation(lang).space);
}

function pointsOf(delta: number): string {
  return `${delta >= 0 ? '+' : '−'}${Math.abs(delta * 100).toFixed(1)} pp`;
}

/**
 * How many turns counted for no turn-kind metric nor Dates, and why (summary.turns.unjudged): a
 * suite whose metrics read n/a says what kept its turns out. Null when every turn was judged or
 * the report predates the count.
 */
export function unjudgedTurnsLine(report: Report, lang: Lang): string | null {
  // A reason this version has no words for (a forged or newer report) is left out.
  const unjudged = Object.entries(report.summary.turns.unjudged ?? {}).filter(([why, n]) => n > 0 && isPageLabel(`unjudged_${why}`));
  const total = unjudged.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const reasons = unjudged.sort(([, a], [, b]) => b - a).map(([why, n]) => label(lang, `unjudged_${why}` as Parameters<typeof label>[1], n));
  return label(lang, 'unjudgedTurns', { unjudged: total, turns: report.summary.turns.total, reasons: reasons.join(punctuation(lang).comma) });
}

/** Dialogues neither passed nor failed, with the first reasons: "3 not applicable (…)". */
export function notApplicableLine(report: Report): string | null {
  const list = report.notApplicable ?? [];
  if (list.length === 0) return null;
  const shown = list.slice(0, 3).map((d) => `${d.id}: ${d.reason}`);
  return `${list.length} dialogue${list.length === 1 ? '' : 's'} not applicable, neither passed nor failed — ${shown.join('; ')}${list.length > shown.length ? '; …' : ''}`;
}

/**
 * How dialogues changed against a baseline, one definition for every page and count. "Broke" and
 * "fixed" are only what the gate itself found: on single runs every pass → fail flip (that gate
 * fails on each); over repeats the dialogues that passed every baseline run and fail every run now,
 * and only once the paired gate found a regression beyond run-to-run noise (they are its evidence),
 * and those that failed every baseline run and pass every run now. Any other dialogue that passed
 * fewer (or more) runs than in the baseline is counted apart: each alone is a move run-to-run noise
 * makes, and the gate did not find it. Dialogues that failed some runs on both sides were already
 * unsteady.
 */
export interface DialogueChanges {
  readonly broke: readonly string[];
  readonly fixed: readonly string[];
  /** Over repeats: passed every baseline run, fail one or more now, not counted as broke. */
  readonly fewerRuns: readonly string[];
  /** Those of `fewerRuns` that fail every run now. */
  readonly fewerRunsNone: readonly string[];
  /** Over repeats: failed some baseline run, pass every run now, not counted as fixed. */
  readonly moreRuns: readonly string[];
  readonly unsteady: readonly string[];
}

export function dialogueChanges(gate: GateResult): DialogueChanges {
  const paired = gate.paired;
  const broke = new Set(gate.regressions.filter((f) => f.kind === 'dialogue').map((f) => f.name));
  const fixed = new Set(gate.improvements.filter((f) => f.kind === 'dialogue').map((f) => f.name));
  const flaky = paired?.flaky ?? [];
  const fewerRunsNone = (paired?.consistentlyBroken ?? []).filter((id) => !broke.has(id));
  const fewerRuns = new Set([...fewerRunsNone, ...flaky.filter((f) => f.baseline === 1 && f.current !== null && f.current < 1).map((f) => f.id)]);
  const moreRuns = new Set(
    [...(paired?.consistentlyFixed ?? []), ...flaky.filter((f) => f.current === 1 && f.baseline !== null && f.baseline < 1).map((f) => f.id)].filter(
      (id) => !fixed.has(id),
    ),
  );
  const unsteady = flaky.map((f) => f.id).filter((id) => !broke.has(id) && !fixed.has(id) && !fewerRuns.has(id) && !moreRuns.has(id));
  const sorted = (ids: Iterable<string>) => [...ids].sort();
  return {
    broke: sorted(broke),
    fixed: sorted(fixed),
    fewerRuns: sorted(fewerRuns),
    fewerRunsNone: sorted(fewerRunsNone),
    moreRuns: sorted(moreRuns),
    unsteady,
  };
}

export interface BrokeDialogue {
  readonly id: string;
  readonly title: string | null;
  /** "pass → fail", or over repeats "passed 3/3 runs → 1/3". */
  readonly change: string;
}

/** The dialogues that broke (dialogueChanges), each with how it broke: the list every gate box shows. */
export function brokeDialogues(report: Report, gate: GateResult, lang: Lang = 'en'): BrokeDialogue[] {
  return dialogueChanges(gate).broke.map((id) => {
    const dialogue = findDialogue(report, id);
    const runs = dialogue?.runs ?? 1;
    const change = runs > 1 ? label(lang, 'runsPassedChange', { before: runs, after: dialogue!.runsPassed, runs }) : label(lang, 'flipBroke');
    return { id, title: dialogue?.title ?? null, change };
  });
}

/**
 * The metric findings, one per metric: on single runs the gate tests Dialogue success twice (McNemar's
 * test on the dialogues' pass/fail, and the interval of its share), and a page counts and lists the metric once.
 */
export function metricFindings(findings: readonly GateFinding[]): GateFinding[] {
  const byMetric = new Map<string, GateFinding>();
  for (const finding of findings) {
    if (finding.kind === 'metric' && !byMetric.has(findingMetricName(finding))) byMetric.set(findingMetricName(finding), finding);
  }
  return [...byMetric.values()];
}

export function metricRegressions(gate: GateResult): GateFinding[] {
  return metricFindings(gate.regressions);
}

export function findDialogue(report: Report, id: string): DialogueReport | undefined {
  for (const d of report.dialogues) if (d.id === id) return d;
  return undefined;
}

/** Human turn number; TurnReport.index counts from 0. */
export function turnNumber(turn: TurnReport): number {
  return turn.index + 1;
}

/** What the user did in a turn, in one short line. */
export function describeInput(turn: TurnReport, lang: Lang = 'en'): string {
  const { user, tap, advanceMs } = turn.input;
  const parts: string[] = [];
  if (user !== undefined) parts.push(`「${user}」`);
  if (tap !== undefined) parts.push(label(lang, tap === 'confirm' || tap === 'cancel' ? (tap === 'confirm' ? 'tapConfirm' : 'tapCancel') : 'tap', tap));
  if (advanceMs !== undefined) parts.push(label(lang, 'wait', advanceMs));
  return parts.length > 0 ? parts.join(' + ') : label(lang, 'noInput');
}

export interface FailedCheck {
  readonly turn: TurnReport;
  readonly check: CheckReport;
}

export function failedChecks(dialogue: DialogueReport): FailedCheck[] {
  return dialogue.turns.flatMap((turn) => turn.checks.filter((check) => !check.passed).map((check) => ({ turn, check })));
}

export function uniqueFiles(report: Report): string[] {
  const files = new Set<string>();
  for (const d of report.dialogues) files.add(d.file);
  return [...files];
}
