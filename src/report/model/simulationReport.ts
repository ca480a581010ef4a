/** A simulate run's report.json: its shape, its schema version, the scores its trend follows, and how a goal item reads. */
import type { Lang, Trend } from './reportTypes.js';
import type { RunResult, SimulationScores, UserModelSection } from '../../users/scores.js';

export const SIMULATION_SCHEMA_VERSION = 1;

/** The scores a simulate run's trend follows across comparable runs of the history, with their names. */
export const SIMULATION_TREND_METRICS = [
  ['taskSuccess', 'Task success'],
  ['firstTry', 'First-utterance success'],
] as const;

export interface SimulationReport {
  readonly schemaVersion: number;
  readonly kind: 'simulation';
  readonly run: {
    readonly startedAt: string;
    readonly finishedAt: string;
    readonly timing: { readonly wallMs: number; readonly llmTraffic?: unknown };
    /** backend, model and, with --perturb, its rates and seed. */
    readonly llm: Readonly<Record<string, unknown>>;
    readonly seed: number;
    readonly users: number;
    readonly repeat: number;
    readonly speech: readonly string[];
    /** The users' today: the days they name count back from it (older reports have none). */
    readonly today?: string;
  };
  readonly scores: SimulationScores;
  readonly runs: readonly RunResult[];
  readonly failures: readonly {
    readonly userId: number;
    readonly repeat: number;
    readonly outcome: string;
    readonly goal: readonly {
      readonly amount: number;
      readonly type: string;
      readonly category: string;
      readonly description: string;
      readonly date?: string | null;
    }[];
    readonly transcript: readonly { readonly user: string; readonly spoken: readonly string[]; readonly llm: readonly string[] }[];
  }[];
  /** With a user model (simulate --user-llm, issue 46): its guarded lines, slips, calls and tokens, examples, success by persona. */
  readonly userModel?: UserModelSection;
}

/** A simulate report as it is written: `trend` (from the history) shows on the page and in report.md; `lang` is the page's language. */
export interface ShownSimulation {
  readonly report: SimulationReport;
  readonly trend?: Trend;
  readonly lang: Lang;
}

/** A goal item as a failure shows it: 打车 30 (交通), with the day when the user names one (reports before dates have none). */
export function goalItemText(item: SimulationReport['failures'][number]['goal'][number]): string {
  return `${item.description} ${item.amount} (${item.category})${item.date ? ` ${item.date}` : ''}`;
}

/** Each user's runs: how many succeeded of how many (a simulator slip is no run of the app's: left out). */
export function userOutcomes(report: SimulationReport): Map<number, { goalSize: number; succeeded: number; runs: number }> {
  const users = new Map<number, { goalSize: number; succeeded: number; runs: number }>();
  for (const run of report.runs) {
    if (run.outcome === 'slip') continue;
    const user = users.get(run.userId) ?? { goalSize: run.goalSize, succeeded: 0, runs: 0 };
    user.runs++;
    if (run.outcome === 'success') user.succeeded++;
    users.set(run.userId, user);
  }
  return users;
}
