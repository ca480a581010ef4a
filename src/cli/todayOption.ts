import type { Argv } from 'yargs';
import { DEFAULT_TODAY, EARLIEST_TODAY, todayProblem } from '../domain/relativeDates.js';
import { UsageError } from './exitCodes.js';

/** `--today`: the day a dialogue that names none takes as today (run, try). */
export function todayOption<T>(yargs: Argv<T>): Argv<T & { today: string | undefined }> {
  return yargs.option('today', {
    type: 'string',
    describe: `The day a dialogue without its own \`today\` takes as today, YYYY-MM-DD, ${EARLIEST_TODAY} or later (default ${DEFAULT_TODAY}, fixed so runs reproduce): relative days (昨天) resolve against it, the prompts name it, a row with no day named is saved on it`,
  });
}

/** --today: one calendar day (exit 2 otherwise, before anything runs). */
export function checkToday(today: unknown): void {
  if (today === undefined) return;
  if (Array.isArray(today)) throw new UsageError('--today given more than once');
  const problem = typeof today === 'string' ? todayProblem(today) : 'not written YYYY-MM-DD';
  if (problem) throw new UsageError(`--today ${String(today)}: must be a calendar day YYYY-MM-DD (${problem})`);
}
