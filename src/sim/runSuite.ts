import type { Dialogue } from '../datasets/datasetTypes.js';
import type { ChatBackend } from '../llm/backend.js';
import type { DialogueReport, MetricName, MetricResult } from '../report/reportTypes.js';
import type { Tally } from '../scoring/tally.js';
import { MetricSet } from '../scoring/allScorers.js';
import { percentile } from '../scoring/scorer.js';
import { toTurnReport } from '../scoring/transcript.js';
import { checkTurn } from '../scoring/turnChecks.js';
import type { OrchestratorConfig } from '../domain/orchestratorTypes.js';
import { DEFAULT_CONFIG } from '../domain/orchestratorTypes.js';
import { runDialogue, type RunMode } from './runDialogue.js';
import { seededUuids } from './seededRandom.js';
import { SqliteStore } from './sqliteStore.js';

export interface SuiteOptions {
  readonly backend: ChatBackend;
  readonly mode: RunMode;
  readonly seed: number;
  readonly repeat: number;
  /** SQLite file for saved rows; ':memory:' by default. */
  readonly dbFile?: string;
  readonly config?: Partial<OrchestratorConfig>;
  /** How many passing dialogues keep their full transcript in the report (failures always do). */
  readonly passSampleSize?: number;
  readonly onDialogue?: (dialogue: Dialogue, passed: boolean) => void;
}

export interface SuiteResult {
  readonly dialogues: DialogueReport[];
  readonly metrics: Record<MetricName, MetricResult>;
  readonly tallies: Record<MetricName, Tally>;
  readonly turns: { total: number; passed: number; failed: number };
  readonly checks: { total: number; passed: number; failed: number };
  /** Wall-time figures: these go under run.timing. */
  readonly timing: { readonly localStepUs: { count: number; p50: number | null; p99: number | null; max: number | null } };
}

const DEFAULT_PASS_SAMPLE = 500;

/** Runs dialogues one after another, streaming them through the scorers so memory stays flat. */
export async function runSuite(dialogues: Iterable<Dialogue>, options: SuiteOptions): Promise<SuiteResult> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const store = new SqliteStore(options.dbFile ?? ':memory:', seededUuids(options.seed), () => 0);
  const metrics = new MetricSet(config.correctionTimeoutMs);
  const reports: DialogueReport[] = [];
  const turns = { total: 0, passed: 0, failed: 0 };
  const checks = { total: 0, passed: 0, failed: 0 };
  const localStepUs: number[] = [];
  let sampledPasses = 0;
  const passSample = options.passSampleSize ?? DEFAULT_PASS_SAMPLE;

  try {
    for (const dialogue of dialogues) {
      let passes = 0;
      let firstFailure: DialogueReport['turns'] | null = null;
      let firstRun: DialogueReport['turns'] = [];
      let failedChecks = 0;
      for (let run = 0; run < options.repeat; run++) {
        const owner = options.repeat > 1 ? `${dialogue.id}#${run + 1}` : dialogue.id;
        const trace = await runDialogue(dialogue, { backend: options.backend, store, mode: options.mode, owner, config });
        const turnChecks = trace.turns.map((t) => checkTurn(t));
        const passed = turnChecks.every((list) => list.every((c) => c.passed));
        metrics.add({ dialogue, traces: trace.turns, checks: turnChecks, passed });
        trace.turns.forEach((t, i) => {
          const list = turnChecks[i]!;
          const turnPassed = list.every((c) => c.passed);
          turns.total++;
          turns[turnPassed ? 'passed' : 'failed']++;
          for (const c of list) {
            checks.total++;
            checks[c.passed ? 'passed' : 'failed']++;
          }
          if (t.localStepUs !== null) localStepUs.push(t.localStepUs);
        });
        const transcript = trace.turns.map((t, i) => toTurnReport(t, turnChecks[i]!));
        if (run === 0) firstRun = transcript;
        if (passed) passes++;
        else {
          firstFailure ??= transcript;
          failedChecks += turnChecks.flat().filter((c) => !c.passed).length;
        }
      }
      const passed = passes === options.repeat;
      const keep = !passed || sampledPasses++ < passSample;
      reports.push({
        id: dialogue.id,
        title: dialogue.title,
        tags: dialogue.tags,
        file: dialogue.file,
        line: dialogue.line,
        passed,
        failedChecks,
        runsPassed: passes,
        runs: options.repeat,
        turns: keep ? (firstFailure ?? firstRun) : [],
        turnCount: dialogue.turns.length,
      });
      options.onDialogue?.(dialogue, passed);
    }
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
