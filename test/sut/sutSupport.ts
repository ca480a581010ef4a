import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../../src/report/model/reportTypes.js';

export const OUR_SUT = 'node bin/nlu-harness.js sut';
export const FAULTY = (mode: string, trigger: string) => `node test/fixtures/sut/faultySut.mjs ${mode} ${trigger}`;

export const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;

/** A report without what may differ between runs: wall times (the wire is slower) and timestamps. */
export function outcomes(report: Report): unknown {
  const { summary, metrics, gate, dialogues, tallies, arms } = report;
  return JSON.parse(JSON.stringify({ summary, metrics, gate, dialogues, tallies, arms }), (key, value) =>
    /Us$|[wW]all|[tT]iming/.test(key) ? undefined : value,
  );
}

/** Every failing check's actual value that is a SUT fault, per failing dialogue id. */
export function sutFaults(report: Report): Map<string, string[]> {
  const faults = new Map<string, string[]>();
  for (const dialogue of report.dialogues.filter((d) => !d.passed)) {
    const messages = dialogue.turns.flatMap((turn) =>
      turn.checks.filter((c) => !c.passed && c.name === 'script').flatMap((c) => (c.actual as string[]).filter((m) => m.startsWith('SUT fault'))),
    );
    faults.set(dialogue.id, [...new Set(messages)]);
  }
  return faults;
}
