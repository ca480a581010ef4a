import type { ReadReport as Report } from '../report/model/reportTypes.js';
import type { Shard } from '../eval/selectDialogues.js';
import { UsageError } from './exitCodes.js';
import { IdDigest } from '../eval/selectionDigest.js';

/** What must be the same in every shard of one run, beyond the run options mergeReports compares. */
const SAME_PROVENANCE = ['datasets', 'prompts'] as const;

/**
 * The reports make one whole run: all are shards `i/n` of the same n, each i from 1 to n exactly
 * once, over the same dataset and prompt contents (or it is a single unsharded report). Anything
 * else is a UsageError naming the files and what is missing, so a CI job that lost a shard's
 * artifact cannot pass as the whole run. Returns a warning for a set that cannot prove itself whole.
 */
export function checkShardSet(reports: readonly Report[], files: readonly string[]): string | null {
  const unsharded = files.filter((_, i) => reports[i]!.run.shard === null);
  if (unsharded.length > 0) {
    if (reports.length === 1) return null;
    throw new UsageError(
      `cannot merge: ${unsharded.join(', ')} ${unsharded.length === 1 ? 'is a whole run' : 'are whole runs'}, not a shard (merge takes the reports of one \`run --shard i/n\` set)`,
    );
  }
  const byIndex = new Map<number, string>();
  let count: number | null = null;
  for (const [i, report] of reports.entries()) {
    const shard = parseShardOf(report.run.shard!, files[i]!);
    if (count === null) count = shard.count;
    else if (shard.count !== count)
      throw new UsageError(`cannot merge: ${files[i]} is shard ${report.run.shard} but ${files[0]} is of ${count} shards (a mixed set)`);
    const twin = byIndex.get(shard.index);
    if (twin !== undefined) throw new UsageError(`cannot merge: shard ${shard.index}/${count} given twice (${twin} and ${files[i]})`);
    byIndex.set(shard.index, files[i]!);
  }
  const missingCount = count! - byIndex.size;
  if (missingCount > 0) {
    const shown: string[] = [];
    for (let index = 1; shown.length < Math.min(10, missingCount); index++) if (!byIndex.has(index)) shown.push(`${index}/${count}`);
    const more = missingCount > shown.length ? ` and ${missingCount - shown.length} more` : '';
    throw new UsageError(
      `cannot merge: the set is incomplete, shard${missingCount === 1 ? '' : 's'} ${shown.join(', ')}${more} missing (${reports.length} of ${count} given); a merged report must be the whole run`,
    );
  }
  const first = reports[0]!.run.provenance;
  for (const [i, report] of reports.entries()) {
    for (const key of SAME_PROVENANCE) {
      const mine = report.run.provenance?.[key];
      const theirs = first?.[key];
      const differ = Object.keys({ ...mine, ...theirs }).filter((name) => mine?.[name] !== theirs?.[name]);
      if (differ.length > 0)
        throw new UsageError(
          `cannot merge: ${files[i]} ran other ${key === 'datasets' ? 'dataset' : 'prompt'} contents than ${files[0]} (${differ.slice(0, 3).join(', ')})`,
        );
    }
    for (const [setting, pick] of ANSWERS_CHANGE_WITH) {
      const [mine, theirs] = [JSON.stringify(pick(report.run.provenance) ?? null), JSON.stringify(pick(first) ?? null)];
      if (mine !== theirs) {
        throw new UsageError(
          `cannot merge: ${files[i]} ran with another ${setting} than ${files[0]} (${mine} vs ${theirs}): the shards of one run must ask the same model alike, or their answers are not one run's`,
        );
      }
    }
  }
  return checkSelection(reports, files);
}

type ProvenanceOf = NonNullable<Report['run']['provenance']>;

/** Settings a shard's answers depend on, by the words a refusal names them with. */
const ANSWERS_CHANGE_WITH: readonly [string, (provenance: ProvenanceOf | undefined) => unknown][] = [
  ['today (--today)', (p) => p?.today],
  ['sampling (--temperature, --sampling-seed, --response-format, max_tokens)', (p) => p?.sampling],
  ['model (--model)', (p) => p && { backend: p.backend, model: p.model }],
  ['perturbation (--perturb)', (p) => p?.perturb],
  ['build (git commit)', (p) => p?.git],
];

/** Every dialogue a report accounts for: judged, or not applicable to its backend or arm. */
function accountedIds(report: Report): string[] {
  const skipped = Array.isArray(report.notApplicable) ? report.notApplicable : [];
  return [...report.dialogues.map((d) => d.id), ...skipped.map((d) => String((d as { id?: unknown }).id))];
}

/**
 * Each shard carries the digest of the ids the whole run selected and of its own part
 * (eval/selectionDigest.ts): a shard's dialogues must be its part, and the parts the whole, so a
 * lost or added dialogue is a UsageError without a baseline. Reports written before shards carried
 * it merge as before, with a warning (returned) that only a baseline can prove such a set whole.
 */
function checkSelection(reports: readonly Report[], files: readonly string[]): string | null {
  const carrying = reports.filter((report) => report.run.selection !== undefined).length;
  if (carrying === 0) {
    return 'these shard reports do not say what the run selected (written by an older nlu-harness): a lost or added dialogue is caught only by --baseline';
  }
  if (carrying < reports.length) {
    const without = files.filter((_, i) => reports[i]!.run.selection === undefined);
    throw new UsageError(
      `cannot merge: ${without.join(', ')} ${without.length === 1 ? 'does' : 'do'} not say what the run selected and the other shards do (a set from two versions, or edited)`,
    );
  }
  const whole = new IdDigest();
  const expected = reports[0]!.run.selection!;
  for (const [i, report] of reports.entries()) {
    const selection = report.run.selection!;
    if (selection.idsSha256 !== expected.idsSha256 || selection.dialogues !== expected.dialogues) {
      throw new UsageError(
        `cannot merge: ${files[i]} says its run selected other dialogues than ${files[0]} did (${selection.dialogues} vs ${expected.dialogues})`,
      );
    }
    const part = new IdDigest();
    for (const id of accountedIds(report)) {
      part.add(id);
      whole.add(id);
    }
    if (part.sha256 !== selection.shard.idsSha256) {
      throw new UsageError(
        `cannot merge: ${files[i]} holds ${part.count} dialogues, but shard ${report.run.shard} ran ${selection.shard.dialogues}${part.count === selection.shard.dialogues ? ' other ones' : ''} (a lost or added dialogue)`,
      );
    }
  }
  if (whole.sha256 !== expected.idsSha256) {
    throw new UsageError(
      `cannot merge: the shards hold ${whole.count} dialogues, but the run selected ${expected.dialogues}${whole.count === expected.dialogues ? ' other ones' : ''}`,
    );
  }
  return null;
}

function parseShardOf(text: string, file: string): { index: number; count: number } {
  try {
    return parseShard(text);
  } catch {
    throw new UsageError(`${file}: run.shard "${text}" is not i/n with 1 <= i <= n`);
  }
}

/** `2/4` → the second of four slices. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard takes i/n with 1 <= i <= n, e.g. 1/4 (got "${text}")`);
  }
  return { index, count };
}
