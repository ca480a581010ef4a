import { BaselineError, firstError, provenanceSchema, readableVersion, readJsonFile, repeatedSchema, talliesSchema as tallies } from './baseline.js';
import type { ReadReport } from '../model/reportTypes.js';
import * as compiled from './reportValidators.generated.js';
import { ANSWER_DIGESTS_SCHEMA } from './answerDigestsSchema.js';

/**
 * What `merge` and `compare --out` read of a report.json written by another process (a CI
 * artifact, a hand-edited or forged file), checked so any other shape is a located exit 2, never a
 * crash or a quietly wrong merge. Compiled ahead of time into reportValidators.generated.ts
 * (scripts/compileSchemas.mjs from REPORT_SCHEMAS below).
 */

const count = { type: 'integer', minimum: 0 };
const counts = (extra: string[] = []) => ({
  type: 'object',
  required: ['total', 'passed', 'failed'],
  properties: Object.fromEntries(['total', 'passed', 'failed', ...extra].map((name) => [name, count])),
});
const strings = { type: 'array', items: { type: 'string' } };
const llm = { type: 'object', required: ['backend', 'model'], properties: { backend: { type: 'string' }, model: { type: 'string' } } };

const turn = {
  type: 'object',
  required: ['index', 'input', 'route', 'stateAfter', 'tts', 'batch', 'saved', 'llmCalls', 'checks', 'passed'],
  properties: {
    index: count,
    input: { type: 'object', properties: { user: { type: 'string' }, tap: { type: 'string' }, advanceMs: { type: 'number' } } },
    route: { type: 'string' },
    intent: { anyOf: [{ type: 'null' }, { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, index: { type: 'integer' } } }] },
    stateAfter: { type: 'string' },
    tts: strings,
    batch: {
      anyOf: [
        { type: 'null' },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['index', 'status', 'amount', 'type'],
            properties: {
              index: { type: 'integer' },
              status: { type: 'string' },
              amount: { type: ['number', 'null'] },
              type: { type: 'string' },
              category: { type: ['string', 'null'] },
              description: { type: ['string', 'null'] },
            },
          },
        },
      ],
    },
    saved: { type: 'array', items: { type: 'object' } },
    llmCalls: {
      type: 'array',
      items: {
        type: 'object',
        required: ['endpoint', 'outcome'],
        properties: {
          endpoint: { type: 'string' },
          outcome: { type: 'string' },
          responseText: { type: ['string', 'null'] },
          latencyMs: { type: ['number', 'null'] },
        },
      },
    },
    checks: { type: 'array', items: { type: 'object', required: ['name', 'passed'], properties: { name: { type: 'string' }, passed: { type: 'boolean' } } } },
    passed: { type: 'boolean' },
  },
};

const dialogue = {
  type: 'object',
  required: ['id', 'title', 'tags', 'file', 'line', 'passed', 'runsPassed', 'runs', 'turns'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    tags: strings,
    file: { type: 'string' },
    line: { type: 'integer', minimum: 1 },
    passed: { type: 'boolean' },
    failedChecks: count,
    runsPassed: count,
    runs: count,
    turns: { type: 'array', items: turn },
    turnCount: count,
    answerDigests: ANSWER_DIGESTS_SCHEMA,
  },
};

const metric = {
  type: 'object',
  required: ['score', 'counts'],
  properties: { score: { type: 'number', minimum: 0, maximum: 1 }, counts: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } } },
};

const slice = {
  type: 'object',
  required: ['kind', 'name', 'dialogues', 'metrics'],
  properties: { kind: { type: 'string' }, name: { type: 'string' }, dialogues: counts(), metrics: { type: 'object', additionalProperties: metric }, tallies },
};

/** The run section both readers need. */
const runInfo = (required: string[]) => ({
  type: 'object',
  required: ['llm', 'mode', 'protocol', 'datasets', ...required],
  properties: {
    llm,
    mode: { type: 'string' },
    protocol: { type: 'string' },
    datasets: strings,
    seed: { type: 'number' },
    repeat: { type: 'integer', minimum: 1 },
    filter: strings,
    exclude: strings,
    shard: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^[0-9]{1,9}/[0-9]{1,9}$' }] },
    selection: {
      type: 'object',
      required: ['dialogues', 'idsSha256', 'shard'],
      properties: {
        dialogues: { type: 'integer', minimum: 0 },
        idsSha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        shard: {
          type: 'object',
          required: ['dialogues', 'idsSha256'],
          properties: { dialogues: { type: 'integer', minimum: 0 }, idsSha256: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
        },
      },
    },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    timing: { type: 'object' },
    provenance: provenanceSchema,
  },
});

const summary = {
  type: 'object',
  required: ['dialogues', 'turns', 'checks'],
  properties: {
    dialogues: counts(['skipped']),
    turns: { ...counts(), properties: { ...counts().properties, unjudged: { type: 'object', additionalProperties: count } } },
    checks: counts(['notApplicable']),
  },
};

const rate = { type: 'number', minimum: 0, maximum: 1 };
/** A slice of a simulate report's scores: the counts and shares `compare` reads. */
const simulationSlice = (extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['runs', 'succeeded', 'successRate', 'firstTryRate', ...Object.keys(extra)],
  properties: { runs: count, succeeded: count, successRate: rate, firstTryRate: rate, ...extra },
});

export const REPORT_SCHEMAS = {
  /** One shard's report.json as `merge` reads it. */
  validShard: {
    type: 'object',
    required: ['schemaVersion', 'run', 'summary', 'metrics', 'dialogues', 'tallies'],
    properties: {
      schemaVersion: { type: 'integer' },
      run: runInfo(['seed', 'repeat', 'filter', 'shard', 'startedAt', 'finishedAt']),
      summary,
      metrics: { type: 'object', additionalProperties: metric },
      dialogues: { type: 'array', items: dialogue },
      tallies,
      slices: { type: 'array', items: slice },
      repeated: repeatedSchema,
    },
  },
  /** A simulate report.json as `compare` reads it (the fields it reads; others may be added). */
  validSimulation: {
    type: 'object',
    required: ['schemaVersion', 'kind', 'run', 'scores', 'runs', 'failures'],
    properties: {
      schemaVersion: { type: 'integer' },
      kind: { const: 'simulation' },
      run: {
        type: 'object',
        required: ['llm', 'seed', 'users', 'repeat'],
        properties: {
          llm: { type: 'object', required: ['backend'], properties: { backend: { type: 'string' }, model: { type: 'string' } } },
          seed: { type: 'integer', minimum: 0 },
          users: { type: 'integer', minimum: 1 },
          repeat: { type: 'integer', minimum: 1, maximum: 1000 },
          speech: strings,
          today: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        },
      },
      scores: {
        type: 'object',
        required: ['overall', 'byGoalSize', 'byFeature'],
        properties: {
          overall: simulationSlice({ users: { type: 'integer', minimum: 1 } }),
          byGoalSize: { type: 'array', items: simulationSlice({ goalSize: count }) },
          byFeature: {
            type: 'array',
            items: {
              type: 'object',
              required: ['feature', 'with', 'without'],
              properties: { feature: { type: 'string' }, with: simulationSlice(), without: simulationSlice() },
            },
          },
        },
      },
      runs: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['userId', 'repeat', 'goalSize', 'outcome', 'turns', 'minTurns', 'llmCalls', 'features'],
          properties: {
            userId: count,
            repeat: count,
            goalSize: count,
            outcome: { type: 'string' },
            turns: count,
            minTurns: count,
            llmCalls: count,
            features: strings,
          },
        },
      },
      failures: {
        type: 'array',
        items: {
          type: 'object',
          required: ['userId', 'outcome', 'goal', 'transcript'],
          properties: {
            userId: count,
            outcome: { type: 'string' },
            goal: { type: 'array', items: { type: 'object' } },
            transcript: { type: 'array', items: { type: 'object', properties: { user: { type: 'string' }, spoken: strings, llm: strings } } },
          },
        },
      },
    },
  },
  /** A report.json as `compare --out` reads it, to put two runs side by side. */
  validComparable: {
    type: 'object',
    required: ['schemaVersion', 'run', 'summary', 'metrics', 'dialogues'],
    properties: {
      schemaVersion: { type: 'integer' },
      run: runInfo([]),
      summary,
      metrics: { type: 'object', additionalProperties: metric },
      dialogues: { type: 'array', items: dialogue },
      slices: { type: 'array', items: slice },
    },
  },
};

type Validate = { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };

/** A shard's report.json as `merge` needs it: any other shape is a BaselineError (exit 2) naming the file and the field. */
export function readShardReport(file: string): ReadReport {
  return readChecked(file, compiled.validShard as Validate, 'a report.json of `run --shard i/n`');
}

/** A full report.json (a slim baseline has no transcripts or slices to compare). */
export function readComparableReport(file: string): ReadReport {
  return readChecked(file, compiled.validComparable as Validate, 'a report.json (a comparison report needs two full reports, not baselines)');
}

function readChecked(file: string, validate: Validate, what: string): ReadReport {
  const value = readJsonFile(file, 'report');
  if (!validate(value)) throw new BaselineError(`${file}: not ${what}: ${firstError(validate)}`);
  return readableVersion(file, value as ReadReport);
}
