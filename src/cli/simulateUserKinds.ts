/**
 * `simulate --compare` (issue 46): the same users (same seed, goals, habits, personas) played twice,
 * by the rule-based templates and by the user model, against the same app; the two reports side by
 * side (`compare`'s comparison, not a gate) and task success by persona for both kinds.
 */
import { join, resolve } from 'node:path';
import { readSimulationReport } from '../report/json/readSimulationReport.js';
import type { SimulationReport } from '../report/model/simulationReport.js';
import { samplePersona, PERSONA_DIMENSIONS, type Persona } from '../users/persona.js';
import { userSeed } from '../users/population.js';
import { wilson } from '../util/rateInterval.js';
import { UsageError } from './exitCodes.js';
import { DEFAULT_ALPHA } from '../eval/gateSettings.js';
import { compareSimulations } from './simulateCompare.js';

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** "62.5% (8) [30.6–86.3]": a success rate with its count and 95 % Wilson interval. */
function successCell(succeeded: number, runs: number): string {
  if (runs === 0) return '—';
  const interval = wilson(succeeded, runs);
  return `${percent(succeeded / runs)} (${runs}) [${interval ? `${percent(interval[0])}–${percent(interval[1])}` : ''}]`;
}

/** Task success by persona dimension: rule-based users have personas too (drawn from the same seed), so both kinds slice alike. */
export function personaTable(rules: SimulationReport, model: SimulationReport): string {
  const personaOf = (id: number): Persona => samplePersona(userSeed(rules.run.seed, id));
  const cell = (report: SimulationReport, dimension: (typeof PERSONA_DIMENSIONS)[number], value: string) => {
    const runs = report.runs.filter((run) => run.outcome !== 'slip' && String(personaOf(run.userId)[dimension]) === value);
    return successCell(runs.filter((run) => run.outcome === 'success').length, runs.length);
  };
  const lines = ['Task success by persona (95 % Wilson intervals; simulator slips left out):', '| persona | rule-based users | model users |', '|---|---|---|'];
  for (const dimension of PERSONA_DIMENSIONS) {
    const values = [...new Set(rules.runs.map((run) => String(personaOf(run.userId)[dimension])))].sort();
    for (const value of values) lines.push(`| ${dimension} ${value} | ${cell(rules, dimension, value)} | ${cell(model, dimension, value)} |`);
  }
  const slips = model.runs.filter((run) => run.outcome === 'slip').length;
  lines.push('', `Simulator slips (model users, not counted against the app): ${slips} of ${model.runs.length} runs`);
  return `${lines.join('\n')}\n`;
}

/** What --compare reads of simulate's arguments (the rest passes through to both runs). */
interface KindArgs {
  readonly userLlm: string;
  readonly out: string;
  readonly saveDialogues?: string;
  readonly compare?: boolean;
  readonly lang: 'en' | 'zh';
}

export async function compareUserKinds<A extends KindArgs>(args: A, simulate: (args: A) => Promise<number>): Promise<number> {
  if (args.userLlm === 'rules') throw new UsageError('--compare compares rule-based users with a user model: add --user-llm openai or replay');
  if (args.saveDialogues !== undefined) throw new UsageError('--compare writes two reports; run --save-dialogues without --compare');
  const out = resolve(args.out);
  const rulesOut = join(out, 'rules');
  const modelOut = join(out, 'model');
  const rules = await simulate({ ...args, userLlm: 'rules', out: rulesOut, compare: false });
  if (rules !== 0) return rules;
  const model = await simulate({ ...args, out: modelOut, compare: false });
  if (model !== 0) return model;
  process.stdout.write('\nRule-based users (A) against model users (B), the same people:\n');
  // Not a gate: the two kinds of user are meant to differ; tolerance 1 lets no difference fail it.
  await compareSimulations({
    baseline: join(rulesOut, 'report.json'),
    current: join(modelOut, 'report.json'),
    tolerance: 1,
    alpha: DEFAULT_ALPHA,
    json: false,
    out: join(out, 'compare'),
    lang: args.lang,
  });
  process.stdout.write(`\n${personaTable(readSimulationReport(join(rulesOut, 'report.json')), readSimulationReport(join(modelOut, 'report.json')))}`);
  return 0;
}
