// A suite's dialogues through sim, their traces scored as they stream in (the report model is reportModel.ts).
import { turnJudgements } from '../scoring/metrics/modelTurnKind.js';
import type { Dialogue } from '../datasets/datasetTypes.js';
import { DEFAULT_CONFIG } from '../domain/orchestratorTypes.js';
import type { SliceReport } from '../report/model/reportTypes.js';
import { DialogueLog } from '../report/model/dialogueLog.js';
import { SliceMetrics } from './sliceMetrics.js';
import { StepTimes } from './stepTimes.js';
import { MetricSet } from '../scoring/allScorers.js';
import { judgedExpectations } from '../scoring/judgedExpectations.js';
import { metricSettings, type MetricName } from '../scoring/metrics/registry.js';
import type { CheckReport, DialogueReport, MetricResult } from '../scoring/results.js';
import { RepeatedRuns } from '../scoring/repeatedRuns.js';
import type { RepeatedDialogue } from '../scoring/pairedGate.js';
import type { Tally } from '../scoring/tally.js';
import { toTurnReport } from '../scoring/transcript.js';
import { callDigest } from '../scoring/answerDigest.js';
import { checkTurn } from '../scoring/turnChecks.js';
import { simulateSuite, type SimulatedDialogue, type SimulationOptions } from '../sim/simulateSuite.js';
import type { DialogueTrace } from '../sim/trace.js';

export interface SuiteOptions extends SimulationOptions {
  /** How many passing dialogues keep their full transcript in the report (failures always do). */
  readonly passSampleSize?: number;
  readonly onDialogue?: (dialogue: Dialogue, passed: boolean) => void;
  /** Told of each scored dialogue, in input order: its pass count and tallies over its repeats, and the model calls its runs made (the sequential gate). */
  readonly onRepeated?: (dialogue: Dialogue, scores: RepeatedDialogue, calls: number) => void;
  /** Where the dialogue records may spill once there are many (a path on the output's disk); the system temp folder by default. */
  readonly spillNear?: string;
  /** Keep each dialogue's pass count and tallies (`repeated`) even with one run: a baseline a --sequential run pairs against. */
  readonly keepPerDialogue?: boolean;
}

export interface SuiteResult {
  /** Every dialogue's record, in run order (a DialogueLog: close it once the reports are written). */
  readonly dialogues: DialogueLog;
  readonly metrics: Record<MetricName, MetricResult>;
  readonly tallies: Record<MetricName, Tally>;
  readonly turns: { total: number; passed: number; failed: number; unjudged: Record<string, number> };
  readonly checks: { total: number; passed: number; failed: number };
  /** Dialogues the protocol arm cannot run: not scored, not in `dialogues`. */
  readonly skipped: readonly { readonly id: string; readonly title: string; readonly file: string; readonly reason: string }[];
  /** Expectations the protocol arm does not judge, over all runs. */
  readonly notApplicableChecks: number;
  readonly slices: readonly SliceReport[];
  /** With repeats: each dialogue's pass count and tallies, for the paired gate (scoring/pairedGate.ts). */
  readonly repeated: RepeatedRuns | null;
  /** Wall-time figures: these go under run.timing. */
  readonly timing: { readonly localStepUs: { count: number; p50: number | null; p99: number | null; max: number | null } };
}

const DEFAULT_PASS_SAMPLE = 500;

interface ScoredRun {
  readonly trace: DialogueTrace;
  readonly checks: CheckReport[][];
  readonly passed: boolean;
}

function scoreRun(trace: DialogueTrace, tolerant: boolean): ScoredRun {
  const checks = trace.turns.map((t) => checkTurn(t, tolerant));
  return { trace, checks, passed: checks.every((list) => list.every((c) => c.passed)) };
}

type SuiteCounts = Pick<SuiteResult, 'turns' | 'checks'> & { readonly localStepUs: StepTimes };

/** Adds one run's turns and checks to the suite's counts: passed or failed, unjudged turns by reason, the local step's time. */
function countTurns(
  dialogue: Dialogue,
  trace: DialogueTrace,
  turnChecks: readonly (readonly CheckReport[])[],
  { turns, checks, localStepUs }: SuiteCounts,
): void {
  const judgements = turnJudgements(dialogue, trace.turns[0]?.today);
  trace.turns.forEach((t, i) => {
    const list = turnChecks[i]!;
    const judgement = judgements[t.turnIndex];
    if (judgement && 'unjudged' in judgement) turns.unjudged[judgement.unjudged] = (turns.unjudged[judgement.unjudged] ?? 0) + 1;
    turns.total++;
    turns[list.every((c) => c.passed) ? 'passed' : 'failed']++;
    for (const c of list) {
      checks.total++;
      checks[c.passed ? 'passed' : 'failed']++;
    }
    if (t.localStepUs !== null) localStepUs.add(t.localStepUs);
  });
}

/** A dialogue as the log keeps it: its first failing run shown (else its first run), with the transcript only when `keep`. */
function dialogueRecord(dialogue: Dialogue, runs: readonly ScoredRun[], keep: boolean, runToday: string | undefined): DialogueReport {
  const runsPassed = runs.filter((r) => r.passed).length;
  const shown = runs.find((r) => !r.passed) ?? runs[0]!;
  return {
    id: dialogue.id,
    title: dialogue.title,
    tags: dialogue.tags,
    file: dialogue.file,
    line: dialogue.line,
    passed: runsPassed === runs.length,
    failedChecks: runs.filter((r) => !r.passed).reduce((n, r) => n + r.checks.flat().filter((c) => !c.passed).length, 0),
    runsPassed,
    runs: runs.length,
    turns: keep ? shown.trace.turns.map((t, i) => toTurnReport(t, shown.checks[i]!)) : [],
    turnCount: dialogue.turns.length,
    answerDigests: runs.map((r) => r.trace.turns.flatMap((t) => t.llmCalls.map((call) => callDigest(t.turnIndex, call)))),
    ...(dialogue.today !== undefined && dialogue.today !== runToday ? { today: dialogue.today } : {}),
  };
}

/**
 * Simulates the dialogues and scores their traces as they stream in, so memory stays flat:
 * only failures and a capped sample of passes keep their transcripts.
 */
export async function runSuite(dialogues: Iterable<Dialogue>, options: SuiteOptions): Promise<SuiteResult> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const protocol = options.protocol ?? 'batch';
  // The script is judged exactly; a model's wording is judged tolerantly (scoring/turnChecks.ts).
  const tolerant = !options.backend.script;
  const settings = metricSettings(config);
  const metrics = new MetricSet(settings);
  const slices = new SliceMetrics(settings);
  const reports = new DialogueLog(options.spillNear);
  const turns = { total: 0, passed: 0, failed: 0, unjudged: {} as Record<string, number> };
  const checks = { total: 0, passed: 0, failed: 0 };
  const localStepUs = new StepTimes();
  const passSample = options.passSampleSize ?? DEFAULT_PASS_SAMPLE;
  let sampledPasses = 0;
  const skipped: { id: string; title: string; file: string; reason: string }[] = [];
  let notApplicableChecks = 0;
  const repeated = options.repeat > 1 || options.keepPerDialogue ? new RepeatedRuns() : null;

  // The arm runs the dialogue with only the expectations it judges (gold mode restores from them).
  const notApplicable = new Map<Dialogue, number>();
  function* judged(): Generator<Dialogue> {
    for (const original of dialogues) {
      const { dialogue, notApplicable: count } = judgedExpectations(protocol, original);
      notApplicable.set(dialogue, count);
      yield dialogue;
    }
  }

  const collect = (simulated: SimulatedDialogue): void => {
    const { dialogue } = simulated;
    const perRun = notApplicable.get(dialogue) ?? 0;
    notApplicable.delete(dialogue);
    if ('skipped' in simulated) {
      skipped.push({ id: dialogue.id, title: dialogue.title, file: dialogue.file, reason: simulated.skipped });
      options.onDialogue?.(dialogue, true);
      return;
    }
    const runs = simulated.traces.map((trace) => scoreRun(trace, tolerant));
    notApplicableChecks += perRun * runs.length;
    for (const { trace, checks: turnChecks, passed } of runs) {
      // Scored once; the suite and each of the dialogue's slices add the same counts (tallies add up exactly).
      const scored = new MetricSet(settings);
      scored.add({ dialogue, traces: trace.turns, checks: turnChecks, passed, tolerant });
      metrics.absorbSet(scored);
      slices.addRun(dialogue, scored);
      countTurns(dialogue, trace, turnChecks, { turns, checks, localStepUs });
    }
    const runsPassed = runs.filter((r) => r.passed).length;
    if (repeated || options.onRepeated) {
      const own = new MetricSet(settings);
      for (const { trace, checks: turnChecks, passed } of runs) own.add({ dialogue, traces: trace.turns, checks: turnChecks, passed, tolerant });
      const entry = { runsPassed, runs: runs.length, tallies: own.tallies() };
      repeated?.set(dialogue.id, entry);
      options.onRepeated?.(
        dialogue,
        entry,
        runs.reduce((sum, r) => sum + r.trace.turns.reduce((n, t) => n + t.llmCalls.length, 0), 0),
      );
    }
    const passed = runsPassed === runs.length;
    slices.addDialogue(dialogue, passed);
    const keep = !passed || sampledPasses++ < passSample;
    reports.push(dialogueRecord(dialogue, runs, keep, options.today));
    options.onDialogue?.(dialogue, passed);
  };

  for await (const simulated of simulateSuite(judged(), options)) collect(simulated);

  return {
    dialogues: reports,
    metrics: metrics.results(),
    tallies: metrics.tallies(),
    turns,
    checks,
    skipped,
    notApplicableChecks,
    slices: slices.results(),
    repeated,
    timing: { localStepUs: localStepUs.summary() },
  };
}
