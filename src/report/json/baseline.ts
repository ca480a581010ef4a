import { REPORT_SCHEMA_VERSION, type CallDigest, type ModelInfo, type Report, type SequentialSummary } from '../model/reportTypes.js';
import { digestEntries, digestRecord } from '../model/digestRecord.js';
import { ANSWER_DIGESTS_SCHEMA } from './answerDigestsSchema.js';
import * as compiled from './baselineValidators.generated.js';
import { unsafeJson } from './inertJson.js';
import { InputFileError, readInputFile } from '../../util/inputFile.js';

/** What a baseline keeps of a report: the scores and each dialogue's outcome. */
export interface Baseline {
  readonly schemaVersion: number;
  readonly kind: 'nlu-harness-baseline';
  readonly llm: ModelInfo;
  readonly mode: string;
  readonly protocol: string;
  readonly metrics: Readonly<Record<string, number>>;
  /** How many cases each metric's score is a share of: the single-run gate judges a move against the noise these counts allow. */
  readonly judged?: Readonly<Record<string, number>>;
  readonly dialogues: Readonly<Record<string, boolean>>;
  /** Per dialogue, per run, each model call's digest (report.json `dialogues[].answerDigests`): which calls a later run answered as before. */
  readonly answerDigests?: Readonly<Record<string, readonly (readonly CallDigest[])[]>>;
  /** With `--repeat` > 1: per-dialogue pass counts and tallies, so the paired gate can compare. */
  readonly repeated?: Report['repeated'];
  readonly provenance?: Report['run']['provenance'];
  /** Dialogues the run had but could not judge (not applicable to its backend): present, not missing. */
  readonly notApplicable?: readonly string[];
  /** When the run covered part of its suite on purpose (`--filter x`, `--exclude y`): what part. */
  readonly scope?: string;
  /** `--shard i/n` of the run it was made from. */
  readonly shard?: string;
  /** Read from a report.json rather than a baseline file (never written): what advice fits it. */
  readonly readFrom?: 'report';
  /**
   * Read from a `--sequential` run's report.json (never written): its test as run, every dialogue it
   * selected (id → content digest) and those it ran in the order the test saw them, so `compare`
   * runs the same test again and reaches the run's verdict.
   */
  readonly sequentialRun?: { readonly summary: SequentialSummary; readonly selection: Readonly<Record<string, string>>; readonly order: readonly string[] };
}

export class BaselineError extends Error {
  override readonly name = 'BaselineError';
}

export function toBaseline(report: Report): Baseline {
  const digests = Array.from(report.dialogues).flatMap((d) => (d.answerDigests ? [[d.id, d.answerDigests] as const] : []));
  const scope = [runScope(report.run), stoppedEarly(report)].filter((part) => part !== null).join(', ');
  const provenance = report.run.provenance && stoppedEarly(report) ? ranOnly(report.run.provenance, report) : report.run.provenance;
  return {
    schemaVersion: report.schemaVersion,
    kind: 'nlu-harness-baseline',
    llm: report.run.llm,
    mode: report.run.mode,
    protocol: report.run.protocol,
    metrics: Object.fromEntries(Object.entries(report.metrics).map(([name, m]) => [name, m.score])),
    judged: Object.fromEntries(
      Object.entries(report.metrics).flatMap(([name, m]) => (typeof m.counts['judged'] === 'number' ? [[name, m.counts['judged']]] : [])),
    ),
    dialogues: Object.fromEntries(Array.from(report.dialogues, (d) => [d.id, d.passed])),
    ...(digests.length > 0 ? { answerDigests: Object.fromEntries(digests) } : {}),
    ...(report.repeated ? { repeated: report.repeated } : {}),
    ...(provenance ? { provenance } : {}),
    ...(report.notApplicable && report.notApplicable.length > 0 ? { notApplicable: report.notApplicable.map((d) => d.id) } : {}),
    ...(scope ? { scope } : {}),
    ...(report.run.shard ? { shard: report.run.shard } : {}),
  };
}

/**
 * The selection flags that narrowed the run on purpose, as typed; null for the whole suite. A
 * shard is not one: alone it is never the whole run, so it is gated after `merge`.
 */
function runScope(run: Report['run']): string | null {
  return selectionScope(run.filter, run.exclude ?? []);
}

/**
 * A `--sequential` run that stopped before the end of its selection ran part of it on purpose:
 * "--sequential, 16 of 66 dialogues run". Null for any other report.
 */
function stoppedEarly(report: Report): string | null {
  const sequential = report.gate?.sequential;
  if (!sequential || sequential.dialoguesRun >= sequential.dialoguesInSuite) return null;
  return `--sequential, ${sequential.dialoguesRun} of ${sequential.dialoguesInSuite} dialogues run`;
}

function sequentialRunOf(report: Report): Pick<Baseline, 'sequentialRun'> {
  const summary = report.gate?.sequential;
  const selection = report.run.provenance?.dialogues;
  if (!summary || !selection) return {};
  return { sequentialRun: { summary, selection: digestRecord(selection), order: Array.from(report.dialogues, (d) => d.id) } };
}

/** The provenance's dialogue digests cut to the dialogues the report ran: what another command pairs with. */
function ranOnly(provenance: NonNullable<Report['run']['provenance']>, report: Report): NonNullable<Report['run']['provenance']> {
  if (!provenance.dialogues) return provenance;
  const ran = new Set([...Array.from(report.dialogues, (d) => d.id), ...(report.notApplicable ?? []).map((d) => d.id)]);
  return { ...provenance, dialogues: Object.fromEntries([...digestEntries(provenance.dialogues)].filter(([id]) => ran.has(id))) };
}

/** `--filter a b --exclude c` as typed, or null when neither narrowed the selection. */
export function selectionScope(filter: readonly string[], exclude: readonly string[]): string | null {
  const parts = [...(filter.length > 0 ? [`--filter ${filter.join(' ')}`] : []), ...(exclude.length > 0 ? [`--exclude ${exclude.join(' ')}`] : [])];
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Reads a baseline file, or a full report.json (which it slims to a baseline). */
export function readBaseline(file: string): Baseline {
  const parsed = readJsonFile(file, 'baseline', '; create one with --update-baseline');
  if (isBaseline(parsed)) {
    if (validBaseline(parsed)) return consistent(file, readableVersion(file, parsed));
    throw new BaselineError(`${file}: not a valid baseline (${firstError(validBaseline)})`);
  }
  if (parsed && typeof parsed === 'object' && 'metrics' in parsed && 'dialogues' in parsed) {
    if (validReport(parsed)) {
      const report = readableVersion(file, parsed as Report);
      return consistent(file, { ...toBaseline(report), readFrom: 'report', ...sequentialRunOf(report) });
    }
    throw new BaselineError(`${file}: not a valid report.json (${firstError(validReport)})`);
  }
  throw new BaselineError(`${file}: neither a baseline nor a report.json`);
}

/**
 * A baseline or report of another schema version (a newer harness's, a hand-edited number) may
 * mean other things by the same fields: it is refused, naming the version this harness reads.
 */
export function readableVersion<T extends { readonly schemaVersion: number }>(file: string, value: T): T {
  if (value.schemaVersion === REPORT_SCHEMA_VERSION) return value;
  throw new BaselineError(
    `${file}: /schemaVersion is ${value.schemaVersion}; this nlu-harness reads baselines and report.json files of schema version ${REPORT_SCHEMA_VERSION} only (remake it with this version's run --update-baseline)`,
  );
}

/**
 * A baseline whose per-dialogue scores (`repeated`) say otherwise than its outcomes (`dialogues`)
 * cannot be trusted by either gate: the fixed gate reads the outcomes, the paired and sequential
 * gates the scores. Such a file (hand-edited, or two files spliced) is a BaselineError naming it.
 */
function consistent(file: string, baseline: Baseline): Baseline {
  if (!baseline.repeated) return baseline;
  // Read from a file, so a plain record (a run's own compact store never reaches here).
  const entries = Object.entries(baseline.repeated as Readonly<Record<string, { readonly runsPassed: number; readonly runs: number }>>);
  for (const [id, entry] of entries) {
    if (entry.runsPassed > entry.runs) throw new BaselineError(`${file}: /repeated/${id}: runsPassed ${entry.runsPassed} is more than runs ${entry.runs}`);
  }
  const outcomes = Object.entries(baseline.dialogues);
  const scored = new Map(entries);
  const differ = outcomes.filter(([id, passed]) => !scored.has(id) || passed !== (scored.get(id)!.runsPassed === scored.get(id)!.runs));
  const stray = entries.filter(([id]) => baseline.dialogues[id] === undefined);
  if (differ.length === 0 && stray.length === 0) return baseline;
  const passedOutcomes = outcomes.filter(([, passed]) => passed).length;
  const passedScores = entries.filter(([, e]) => e.runsPassed === e.runs).length;
  const example = differ[0]
    ? `${differ[0][0]}: ${differ[0][1] ? 'passed' : 'failed'} in dialogues, ${scored.has(differ[0][0]) ? `${scored.get(differ[0][0])!.runsPassed} of ${scored.get(differ[0][0])!.runs} runs passed in repeated` : 'absent from repeated'}`
    : `${stray[0]![0]} is in repeated, not in dialogues`;
  throw new BaselineError(
    `${file}: its per-dialogue scores contradict its totals: dialogues says ${passedOutcomes} of ${outcomes.length} passed, repeated says ${passedScores} of ${entries.length} passed every run ` +
      `(${differ.length + stray.length} disagree; first ${example}). Remake it with --update-baseline`,
  );
}

/** Parses a JSON file (a regular file of bounded size, util/inputFile.ts); a missing, odd or unparsable file is a BaselineError naming it. */
export function readJsonFile(file: string, what: string, hint = ''): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readInputFile(file).toString('utf8')) as unknown;
  } catch (error) {
    if (error instanceof InputFileError && error.code !== 'ENOENT') throw new BaselineError(`${file}: cannot read ${what}: ${error.message}`);
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new BaselineError(`${file}: cannot read ${what} (${reason})${hint}`);
  }
  const problem = unsafeJson(parsed);
  if (problem) throw new BaselineError(`${file}: not a valid ${what} (${problem})`);
  return parsed;
}

function isBaseline(value: unknown): value is Baseline {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'nlu-harness-baseline';
}

/**
 * A scorer's tally: counters and value lists (never negative) in records nested at most
 * TALLY_DEPTH deep. Spelled out level by level rather than recursively, so a deep forgery
 * costs the validator no recursion.
 */
const TALLY_DEPTH = 6;
function tally(depth: number): object {
  const leaf = [
    { type: 'number', minimum: 0 },
    { type: 'array', items: { type: 'number', minimum: 0 } },
  ];
  return { type: 'object', additionalProperties: { anyOf: depth > 1 ? [...leaf, tally(depth - 1)] : leaf } };
}
export const talliesSchema = { type: 'object', additionalProperties: tally(TALLY_DEPTH) };

/** Each dialogue's pass count over its runs and its tallies (`repeated`): what the paired and sequential gates read. */
export const repeatedSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['runsPassed', 'runs', 'tallies'],
    properties: { runsPassed: { type: 'integer', minimum: 0 }, runs: { type: 'integer', minimum: 1, maximum: 1000 }, tallies: talliesSchema },
  },
};

const llm = { type: 'object', required: ['backend', 'model'], properties: { backend: { type: 'string' }, model: { type: 'string' } } };
const stringRecord = { type: 'object', additionalProperties: { type: 'string' } };

/**
 * `run.provenance` (a baseline's `provenance`) as the gate and the headline read it: the prompt and
 * dataset hashes every reader walks are required, each other field is typed when present.
 */
export const provenanceSchema = {
  type: 'object',
  required: ['prompts', 'datasets'],
  properties: {
    prompts: stringRecord,
    datasets: stringRecord,
    backend: { type: 'string' },
    model: { type: 'string' },
    baseUrl: { type: 'string' },
    repeat: { type: 'integer', minimum: 1 },
    git: {
      anyOf: [{ type: 'null' }, { type: 'object', required: ['commit', 'dirty'], properties: { commit: { type: 'string' }, dirty: { type: 'boolean' } } }],
    },
    noGit: { type: 'string' },
    promptLines: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    promptText: stringRecord,
    sampling: {
      type: 'object',
      properties: {
        temperature: { type: 'number' },
        seed: { type: 'number' },
        responseFormat: { type: 'string' },
        maxTokens: { type: 'object', additionalProperties: { type: 'number' } },
      },
    },
    dialogues: stringRecord,
    today: { type: 'string' },
  },
};

/** The shapes read back, compiled ahead of time into baselineValidators.generated.ts (scripts/compileSchemas.mjs). */
export const BASELINE_SCHEMAS = {
  /** What the gate reads of a baseline, checked so a hand-edited file is a clear error, not a crash. */
  validBaseline: {
    type: 'object',
    required: ['schemaVersion', 'kind', 'llm', 'mode', 'protocol', 'metrics', 'dialogues'],
    properties: {
      schemaVersion: { type: 'number' },
      llm,
      mode: { type: 'string' },
      protocol: { type: 'string' },
      metrics: { type: 'object', additionalProperties: { type: 'number' } },
      judged: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      dialogues: { type: 'object', additionalProperties: { type: 'boolean' } },
      repeated: repeatedSchema,
      answerDigests: { type: 'object', additionalProperties: ANSWER_DIGESTS_SCHEMA },
      provenance: provenanceSchema,
    },
  },
  /** What toBaseline reads of a report.json. */
  validReport: {
    type: 'object',
    required: ['schemaVersion', 'run', 'metrics', 'dialogues'],
    properties: {
      schemaVersion: { type: 'number' },
      run: {
        type: 'object',
        required: ['llm', 'mode', 'protocol'],
        properties: { llm, mode: { type: 'string' }, protocol: { type: 'string' }, provenance: provenanceSchema },
      },
      metrics: { type: 'object', additionalProperties: { type: 'object', required: ['score'], properties: { score: { type: 'number' } } } },
      dialogues: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'passed'],
          properties: { id: { type: 'string' }, passed: { type: 'boolean' }, answerDigests: ANSWER_DIGESTS_SCHEMA },
        },
      },
      repeated: repeatedSchema,
    },
  },
};

type Validate = { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };
const validBaseline = compiled.validBaseline as Validate;
const validReport = compiled.validReport as Validate;

export function firstError(validate: { errors?: { instancePath: string; message?: string }[] | null }): string {
  const error = validate.errors?.[0];
  return error ? `${error.instancePath || '/'} ${error.message ?? ''}`.trim() : 'unknown shape';
}
