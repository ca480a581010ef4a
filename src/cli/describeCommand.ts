import type { Argv, CommandModule } from 'yargs';
import { CONVERSATION_TRANSITIONS } from '../domain/legacy/conversationCore.js';
import { TRANSITIONS } from '../domain/orchestrator.js';
import { tableRows, type TableRow } from '../domain/transitionTable.js';

interface DescribeArgs {
  protocol: 'batch' | 'conversation';
  json: boolean;
}

const TABLES = {
  batch: { title: 'Batch orchestrator (seeds 000-003)', rows: () => tableRows(TRANSITIONS) },
  conversation: { title: 'Legacy conversation arm (seed 004)', rows: () => tableRows(CONVERSATION_TRANSITIONS) },
} as const;

export const describeCommand: CommandModule<object, DescribeArgs> = {
  command: 'describe',
  describe: "Print a core's transition table: phase × event → guard, action, next phases, seed requirement",
  builder: (yargs: Argv) =>
    yargs
      .option('protocol', { choices: ['batch', 'conversation'] as const, default: 'batch' as const, describe: 'Which core' })
      .option('json', { type: 'boolean', default: false, describe: 'Rows as JSON instead of Markdown' }),
  handler: (args) => {
    const table = TABLES[args.protocol];
    const rows = table.rows();
    process.stdout.write(args.json ? `${JSON.stringify(rows, null, 2)}\n` : transitionTableMarkdown(table.title, rows));
  },
};

/** The table as Markdown: one row per accepted (phase, event), then what each phase refuses. */
export function transitionTableMarkdown(title: string, rows: readonly TableRow[]): string {
  const lines = [
    `#### ${title}`,
    '',
    '| phase | event | guard (else refused as stale) | action | next phase | seed |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    lines.push(`| ${row.phase} | ${row.event} | ${row.guard ?? ''} | ${row.action} | ${row.to.join(', ')} | ${row.seed ?? ''} |`);
  }
  const events = [...new Set(rows.map((row) => row.event))];
  const phases = [...new Set(rows.map((row) => row.phase)), 'DISPOSED'];
  lines.push('', 'Not accepted (refused, state and effects unchanged):', '');
  for (const phase of phases) {
    const accepted = new Set(rows.filter((row) => row.phase === phase).map((row) => row.event));
    const refused = events.filter((event) => !accepted.has(event));
    lines.push(`- ${phase}: ${refused.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
