/** The failed runs of a simulation as its report keeps them: the user's goal and the conversation, each model call as endpoint:outcome. */
import type { FailedRun } from './runSimulation.js';
import type { SimulationReport } from '../report/model/simulationReport.js';

export function failureEntries(failed: readonly FailedRun[]): SimulationReport['failures'] {
  return failed.map(({ user, repeat, run }) => ({
    userId: user.id,
    repeat,
    outcome: run.outcome,
    goal: user.goal.items.map(({ amount, type, category, description, date }) => ({ amount, type, category, description, date })),
    transcript: run.transcript.map((turn) => ({ user: turn.user, spoken: turn.spoken, llm: turn.llm.map((call) => `${call.endpoint}:${call.outcome}`) })),
  }));
}
