import { existsSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { renderHistoryTable } from '../report/console/historyConsole.js';
import { listRuns } from '../history/historyQueries.js';
import { openHistoryForReading } from '../history/historyStore.js';
import { DEFAULT_HISTORY, reportError } from './runCommand.js';

interface HistoryArgs {
  history: string;
  json: boolean;
  limit: number;
  lang: 'en' | 'zh';
}

export const historyCommand: CommandModule<object, HistoryArgs> = {
  command: 'history',
  describe: 'List the runs recorded in the run history (SQLite), oldest first',
  builder: (yargs: Argv) =>
    yargs
      .option('history', { type: 'string', default: DEFAULT_HISTORY, describe: 'The run history file' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the runs as JSON' })
      .option('limit', { type: 'number', default: 50, describe: 'How many of the newest runs' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the table (en, zh)' })
      .example('$0 history --json', 'every recorded run with provenance and metric scores'),
  handler: (args) => {
    try {
      // Listing never creates or changes a history file (it works on a read-only file system).
      const runs = existsSync(args.history) ? withHistory(args.history, (db) => listRuns(db, args.limit)) : [];
      process.stdout.write(args.json ? `${JSON.stringify(runs, null, 2)}\n` : renderHistoryTable(runs, args.lang));
      process.exitCode = 0;
    } catch (error) {
      process.exitCode = reportError(error);
    }
  },
};

function withHistory<T>(file: string, read: (db: ReturnType<typeof openHistoryForReading>) => T): T {
  const db = openHistoryForReading(file);
  try {
    return read(db);
  } finally {
    db.close();
  }
}
