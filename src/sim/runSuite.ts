import type { Dialogue } from '../datasets/datasetTypes.js';
import type { ChatBackend } from '../llm/backend.js';
import type { CheckReport, DialogueReport, MetricName, MetricResult } from '../report/reportTypes.js';
import type { Tally } from '../scoring/tally.js';
import { MetricSet } from '../scoring/allScorers.js';
import { percentile } from '../scoring/scorer.js';
import { toTurnReport } from '../scoring/transcript.js';
import { checkTurn } from '../scoring/turnChecks.js';
import type { OrchestratorConfig } from '../domain/orchestratorTypes.js';
import { DEFAULT_CONFIG } from '../domain/orchestratorTypes.js';
import type { DialogueCore } from './dialogueSession.js';
import { protocolArm, type Protocol } from './protocolArms.js';
import { runDialogue, type RunMode } from './runDialogue.js';
import type { DialogueTrace } from './trace.js';
import { seededUuids } from './seededUuids.js';
import { SqliteStore } from './sqliteStore.js';

export interface SuiteOptions {
  readonly backend: ChatBackend;
  readonly mode: RunMode;
  readonly seed: number;
  readonly repeat: number;
  /** SQLite file for saved rows; ':memory:' by default. */
  readonly dbFile?: string;
  readonly config?: Partial<OrchestratorConfig>;
  /** The protocol arm under test (default batch); protocolArms.ts says what the conversation arm judges. */
  readonly protocol?: Protocol;
  /** Takes the place of the arm's in-process core: an external orchestrator (ExternalCore), one dialogue at a time. */
  readonly core?: DialogueCore;
  /** How many passing dialogues keep their full transcript in the report (failures always do). */
  readonly passSampleSize?: number;
  readonly onDialogue?: (dialogue: Dialogue, passed: boolean) => void;
  /** Dialogues in flight at once (real backends; the scripted backend is per-turn and needs 1). */
  readonly concurrency?: number;
}

export interface SuiteResult {
  readonly dialogues: DialogueReport[];
  readonly metrics: Record<MetricName, MetricResult>;
  readonly tallies: Record<MetricName, Tally>;
  readonly turns: { total: number; passed: number; failed: number };
  readonly checks: { total: number; passed: number; failed: number };
  /** Dialogues the protocol arm cannot run: not scored, not in `dialogues`. */
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
  /** Expectations the protocol arm does not judge, over all runs. */
  readonly notApplicableChecks: number;
  /** Wall-time figures: these go under run.timing. */
  readonly timing: { readonly localStepUs: { count: number; p50: number | null; p99: number | null; max: number | null } };
}

const DEFAULT_PASS_SAMPLE = 500;

interface DialogueOutcome {
  readonly dialogue: Dialogue;
  readonly runs: { readonly trace: DialogueTrace; readonly checks: CheckReport[][]; readonly passed: boolean }[];
  readonly skipped?: string;
  readonly notApplicable?: number;
}

/**
 * Runs dialogues through the scorers as a stream, so memory stays flat: only failures and
 * a capped sample of passes keep their transcripts. With `concurrency` > 1 (real backends)
 * several dialogues are in flight at once; results are still taken in dataset order.
 */
export async function runSuite(dialogues: Iterable<Dialogue>, options: SuiteOptions): Promise<SuiteResult> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const store = new SqliteStore(options.dbFile ?? ':memory:', seededUuids(options.seed), () => 0);
  const metrics = new MetricSet(config.correctionTimeoutMs);
  const reports: DialogueReport[] = [];
  const turns = { total: 0, passed: 0, failed: 0 };
  const checks = { total: 0, passed: 0, failed: 0 };
  const localStepUs: number[] = [];
  const passSample = options.passSampleSize ?? DEFAULT_PASS_SAMPLE;
  let sampledPasses = 0;
  const arm = protocolArm(options.protocol ?? 'batch');
  const skipped: { id: string; reason: string }[] = [];
  let notApplicableChecks = 0;

  const runOne = async (original: Dialogue): Promise<DialogueOutcome> => {
    const prepared = arm.prepare(original, options.backend);
    if ('skip' in prepared) return { dialogue: original, runs: [], skipped: prepared.skip };
    const dialogue = prepared.dialogue;
    const runs: DialogueOutcome['runs'] = [];
    for (let run = 0; run < options.repeat; run++) {
      const owner = options.repeat > 1 ? `${dialogue.id}#${run + 1}` : dialogue.id;
      const trace = await runDialogue(dialogue, { backend: options.backend, store, mode: options.mode, owner, config, core: options.core ?? arm.core });
      const outside = run === 0 ? arm.skipAfterRun(trace) : null;
      if (outside) return { dialogue, runs: [], skipped: outside };
      const turnChecks = trace.turns.map((t) => checkTurn(t));
      runs.push({ trace, checks: turnChecks, passed: turnChecks.every((list) => list.every((c) => c.passed)) });
    }
    return { dialogue, runs, notApplicable: prepared.notApplicable * runs.length };
  };

  const collect = ({ dialogue, runs, skipped: why, notApplicable }: DialogueOutcome): void => {
    if (why !== undefined) {
      skipped.push({ id: dialogue.id, reason: why });
      options.onDialogue?.(dialogue, true);
      return;
    }
    notApplicableChecks += notApplicable ?? 0;
    for (const { trace, checks: turnChecks, passed } of runs) {
      metrics.add({ dialogue, traces: trace.turns, checks: turnChecks, passed });
      trace.turns.forEach((t, i) => {
        const list = turnChecks[i]!;
        turns.total++;
        turns[list.every((c) => c.passed) ? 'passed' : 'failed']++;
        for (const c of list) {
          checks.total++;
          checks[c.passed ? 'passed' : 'failed']++;
        }
        if (t.localStepUs !== null) localStepUs.push(t.localStepUs);
      });
    }
    const runsPassed = runs.filter((r) => r.passed).length;
    const passed = runsPassed === runs.length;
    const shown = runs.find((r) => !r.passed) ?? runs[0]!;
    const keep = !passed || sampledPasses++ < passSample;
    reports.push({
      id: dialogue.id,
      title: dialogue.title,
      tags: dialogue.tags,
      file: dialogue.file,
      line: dialogue.line,
      passed,
      failedChecks: runs.filter((r) => !r.passed).reduce((n, r) => n + r.checks.flat().filter((c) => !c.passed).length, 0),
      runsPassed,
      runs: runs.length,
      turns: keep ? shown.trace.turns.map((t, i) => toTurnReport(t, shown.checks[i]!)) : [],
      turnCount: dialogue.turns.length,
    });
    options.onDialogue?.(dialogue, passed);
  };

  try {
    const width = Math.max(1, options.concurrency ?? 1);
    let wave: Dialogue[] = [];
    for (const dialogue of dialogues) {
      wave.push(dialogue);
      if (wave.length < width) continue;
      for (const outcome of await Promise.all(wave.map(runOne))) collect(outcome);
      wave = [];
    }
    for (const outcome of await Promise.all(wave.map(runOne))) collect(outcome);
  } finally {
    store.close();
  }

  localStepUs.sort((a, b) => a - b);
  return {
    dialogues: reports,
    metrics: metrics.results(),
    tallies: metrics.tallies(),
    turns,
    checks,
    skipped,
    notApplicableChecks,
    timing: {
      localStepUs: {
        count: localStepUs.length,
        p50: percentile(localStepUs, 50),
        p99: percentile(localStepUs, 99),
        max: localStepUs.at(-1) ?? null,
      },
    },
  };
}
