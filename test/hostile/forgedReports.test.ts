import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';
import { expectRejected, oneTurn } from './workspace.js';
import { IdDigest } from '../../src/eval/selectionDigest.js';

// Issue 23: merge and compare read files another process wrote (CI artifacts). A forged, odd or
// incomplete set is exit 2 naming the file and field, never a crash (exit 3) or a green gate.
let dir = '';
const shard = (i: number) => join(dir, `s${i}`, 'report.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- forging edits any field
type Json = Record<string, any>;
const read = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

beforeAll(() => {
  dir = tempDir('nlu-forged-');
  writeFileSync(join(dir, 'd.yaml'), ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => oneTurn(id)).join(''));
  for (const i of [1, 2, 3]) {
    expect(cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--shard', `${i}/3`, '--out', join(dir, `s${i}`)]).status).toBe(0);
  }
  expect(cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'whole')]).status).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Shard 1 rewritten by `edit`, written beside the others. */
function forged(name: string, edit: (report: Json) => unknown): string {
  const file = join(dir, `${name}.json`);
  const value = edit(read(shard(1)));
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const FORGERIES: Array<{ name: string; edit: (r: Json) => unknown; where: RegExp }> = [
  { name: 'an empty object', edit: () => ({}), where: /must have required property 'schemaVersion'/ },
  { name: 'an array', edit: () => [], where: /\/ must be object/ },
  { name: 'no summary', edit: ({ summary: _s, ...r }) => r, where: /required property 'summary'/ },
  { name: 'no tallies', edit: ({ tallies: _t, ...r }) => r, where: /required property 'tallies'/ },
  { name: 'no dialogues', edit: ({ dialogues: _d, ...r }) => r, where: /required property 'dialogues'/ },
  { name: 'no run', edit: ({ run: _r, ...r }) => r, where: /required property 'run'/ },
  {
    name: 'a string tally',
    edit: (r) => ({ ...r, tallies: { ...r.tallies, routing: { ...r.tallies.routing, right: '12' } } }),
    where: /\/tallies\/routing\/right must be number/,
  },
  {
    name: 'a negative tally',
    edit: (r) => ({ ...r, tallies: { ...r.tallies, persistence: { ...r.tallies.persistence, failedSaves: -3 } } }),
    where: /\/tallies\/persistence\/failedSaves must be >= 0/,
  },
  {
    name: 'a negative turn count',
    edit: (r) => ({ ...r, summary: { ...r.summary, turns: { ...r.summary.turns, failed: -1 } } }),
    where: /\/summary\/turns\/failed must be >= 0/,
  },
  {
    name: 'a __proto__ key',
    edit: (r) => JSON.stringify(r).replace('"tallies":{', '"tallies":{"__proto__":{"x":1},'),
    where: /\/tallies\/__proto__ is not an allowed key/,
  },
  {
    name: 'nesting 100 000 deep',
    edit: (r) => JSON.stringify({ ...r, run: 0 }).replace('"run":0', `"run":${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    where: /nests deeper than 64 levels/,
  },
  {
    name: 'a dialogue without turns',
    edit: (r) => ({ ...r, dialogues: [{ ...r.dialogues[0], turns: undefined }] }),
    where: /\/dialogues\/0 must have required property 'turns'/,
  },
  { name: 'a shard that is not i/n', edit: (r) => ({ ...r, run: { ...r.run, shard: 'all' } }), where: /\/run\/shard/ },
  { name: 'not JSON', edit: () => '{"run":', where: /cannot read report/ },
];

describe('merge: forged shards are exit 2 naming the file and field', () => {
  for (const c of FORGERIES) {
    it(c.name, () => {
      const file = forged(c.name.replace(/\W+/g, '-'), c.edit);
      const out = join(dir, 'merged-forged');
      expectRejected(
        cli(['merge', file, shard(2), shard(3), '--out', out]),
        new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^\\n]*${c.where.source}`),
      );
      expect(existsSync(out)).toBe(false);
    });
  }
});

describe('merge: only a whole shard set is the whole run', () => {
  it('one shard of three, gated, is exit 2 naming the missing shards (it used to pass the gate as the whole run)', () => {
    const out = join(dir, 'merged-partial');
    expectRejected(
      cli(['merge', shard(1), '--out', out, '--baseline', join(dir, 'whole', 'report.json')]),
      /the set is incomplete, shards 2\/3, 3\/3 missing \(1 of 3 given\)/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a shard given twice', () => {
    expectRejected(cli(['merge', shard(1), shard(1), shard(3), '--out', join(dir, 'm2')]), /shard 1\/3 given twice/);
  });

  it('shards of two different splits', () => {
    const other = forged('of-four', (r) => ({ ...r, run: { ...r.run, shard: '2/4' } }));
    expectRejected(cli(['merge', shard(1), other, shard(3), '--out', join(dir, 'm3')]), /is shard 2\/4 but \S+ is of 3 shards \(a mixed set\)/);
  });

  it('a whole run mixed in with shards', () => {
    expectRejected(cli(['merge', shard(1), join(dir, 'whole', 'report.json'), '--out', join(dir, 'm4')]), /whole\/report\.json is a whole run, not a shard/);
  });

  it('shards of other dataset contents', () => {
    const other = forged('other-data', (r) => ({
      ...r,
      run: { ...r.run, provenance: { ...r.run.provenance, datasets: { [r.run.datasets[0]]: '0'.repeat(64) } } },
    }));
    expectRejected(cli(['merge', other, shard(2), shard(3), '--out', join(dir, 'm5')]), /ran other dataset contents than/);
  });

  it('the whole set merges and passes its gate', () => {
    const result = cli(['merge', shard(1), shard(2), shard(3), '--out', join(dir, 'm6'), '--baseline', join(dir, 'whole', 'report.json')]);
    expect(result.status, result.stderr).toBe(0);
    expect(read(join(dir, 'm6', 'report.json')).summary.dialogues.total).toBe(6);
  });
});

// Issue 38: a run and its baseline pair dialogues by id and content; a gate decides on the paired
// ones. A selection narrowed on purpose (a shard, --filter) is told; a whole run that lost dialogues fails.
describe('a gate over fewer dialogues than its baseline says so, and fails only when they were lost', () => {
  it('compare of a whole baseline with one shard decides on the dialogues of the shard, not failing for the rest', () => {
    const result = cli(['compare', join(dir, 'whole', 'report.json'), shard(1)]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/baselineDialoguesRun/);
  });

  it('run --baseline over a dataset file that lost dialogues fails the gate, naming them', () => {
    const lost = tempDir('nlu-lost-');
    const file = join(lost, 'd.yaml');
    writeFileSync(file, ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => oneTurn(id)).join(''));
    const baseline = join(lost, 'baseline.json');
    expect(cli(['run', '--no-progress', '--dataset', file, '--out', join(lost, 'base'), '--baseline', baseline, '--update-baseline']).status).toBe(0);
    writeFileSync(file, ['a', 'b', 'c'].map((id) => oneTurn(id)).join(''));
    const result = cli(['run', '--no-progress', '--dataset', file, '--out', join(lost, 'fewer'), '--baseline', baseline]);
    expect(result.status, result.stdout).toBe(1);
    expect(result.stdout).toMatch(/3 of 3 dialogues paired; 0 only in this run, 3 only in the baseline/);
    expect(result.stdout).toMatch(
      /3 of the baseline's 6 dialogues are missing from this run \(d, e, f\): they were removed from the dataset files this run ran/,
    );
  });

  it('a whole run whose glob lost a dataset file fails the gate, naming the file', () => {
    const lost = tempDir('nlu-lost-file-');
    writeFileSync(join(lost, 'one.yaml'), ['a', 'b'].map((id) => oneTurn(id)).join(''));
    writeFileSync(join(lost, 'two.yaml'), ['c', 'd'].map((id) => oneTurn(id)).join(''));
    const baseline = join(lost, 'baseline.json');
    const glob = join(lost, '*.yaml');
    expect(cli(['run', '--no-progress', '--dataset', glob, '--out', join(lost, 'base'), '--baseline', baseline, '--update-baseline']).status).toBe(0);
    rmSync(join(lost, 'two.yaml'));
    const result = cli(['run', '--no-progress', '--dataset', glob, '--out', join(lost, 'fewer'), '--baseline', baseline]);
    expect(result.status, result.stdout).toBe(1);
    expect(result.stdout).toMatch(/two\.yaml no longer exists/);
  });

  it('a run narrowed on purpose with --filter is told, not failed', () => {
    const result = cli([
      'run',
      '--no-progress',
      '--dataset',
      join(dir, 'd.yaml'),
      '--filter',
      'a',
      '--out',
      join(dir, 'filtered'),
      '--baseline',
      join(dir, 'whole', 'report.json'),
    ]);
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/1 of 1 dialogues paired; 0 only in this run, 5 only in the baseline/);
  });

  it('compare --out of a report without summary is exit 2 and writes nothing', () => {
    const file = forged('no-summary-compare', ({ summary: _s, ...r }) => r);
    const out = join(dir, 'cmp');
    expectRejected(
      cli(['compare', join(dir, 'whole', 'report.json'), file, '--out', out]),
      /no-summary-compare\.json: not a report\.json [^\n]*required property 'summary'/,
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('merge proves a shard set complete on its own, without --baseline (issue 31)', () => {
  const shardEdited = (name: string, i: number, edit: (r: Json) => Json): string => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(edit(read(shard(i)))));
    return file;
  };
  const withoutSelection = (r: Json): Json => ({ ...r, run: { ...r.run, selection: undefined } });
  const digestOf = (ids: readonly string[]): string => {
    const digest = new IdDigest();
    for (const id of ids) digest.add(id);
    return digest.sha256;
  };

  it('each shard says what the whole run selected and its own part', () => {
    const selection = read(shard(2)).run.selection as Json;
    expect(selection).toEqual({ dialogues: 6, idsSha256: digestOf(['a', 'b', 'c', 'd', 'e', 'f']), shard: { dialogues: 2, idsSha256: digestOf(['b', 'e']) } });
    expect(read(join(dir, 'whole', 'report.json')).run.selection).toBeUndefined();
  });

  it('a shard that lost a dialogue is exit 2 (it merged as "5/5" before)', () => {
    const lost = shardEdited('lost-one', 2, (r) => ({ ...r, dialogues: r.dialogues.slice(1) }));
    const out = join(dir, 'm-lost');
    expectRejected(
      cli(['merge', shard(1), lost, shard(3), '--out', out]),
      /lost-one\.json holds 1 dialogues, but shard 2\/3 ran 2 \(a lost or added dialogue\)/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a shard with a fabricated dialogue is exit 2', () => {
    const added = shardEdited('added-one', 2, (r) => ({ ...r, dialogues: [...r.dialogues, { ...r.dialogues[0], id: 'zz', line: 999 }] }));
    expectRejected(
      cli(['merge', shard(1), added, shard(3), '--out', join(dir, 'm-added')]),
      /added-one\.json holds 3 dialogues, but shard 2\/3 ran 2 \(a lost or added dialogue\)/,
    );
  });

  it('a dialogue swapped for another of the same count is exit 2', () => {
    const swapped = shardEdited('swapped', 2, (r) => ({ ...r, dialogues: [{ ...r.dialogues[0], id: 'zz' }, r.dialogues[1]] }));
    expectRejected(
      cli(['merge', shard(1), swapped, shard(3), '--out', join(dir, 'm-swapped')]),
      /swapped\.json holds 2 dialogues, but shard 2\/3 ran 2 other ones/,
    );
  });

  it('a fabricated dialogue with its shard digest forged to match is still exit 2: the parts do not make the whole', () => {
    const forgedPart = shardEdited('forged-part', 2, (r) => ({
      ...r,
      dialogues: [...r.dialogues, { ...r.dialogues[0], id: 'zz', line: 999 }],
      run: { ...r.run, selection: { ...r.run.selection, shard: { dialogues: 3, idsSha256: digestOf(['b', 'e', 'zz']) } } },
    }));
    expectRejected(cli(['merge', shard(1), forgedPart, shard(3), '--out', join(dir, 'm-forged-part')]), /the shards hold 7 dialogues, but the run selected 6/);
  });

  it('shards of runs that selected different dialogues are exit 2', () => {
    const other = shardEdited('other-selection', 3, (r) => ({
      ...r,
      run: { ...r.run, selection: { ...r.run.selection, dialogues: 9, idsSha256: digestOf(['x']) } },
    }));
    expectRejected(
      cli(['merge', shard(1), shard(2), other, '--out', join(dir, 'm-other')]),
      /other-selection\.json says its run selected other dialogues than \S+ did \(9 vs 6\)/,
    );
  });

  it('one shard without the selection among shards with it is exit 2 (stripping it does not hide a loss)', () => {
    const stripped = shardEdited('stripped', 2, (r) => withoutSelection({ ...r, dialogues: r.dialogues.slice(1) }));
    expectRejected(
      cli(['merge', shard(1), stripped, shard(3), '--out', join(dir, 'm-stripped')]),
      /stripped\.json does not say what the run selected and the other shards do/,
    );
  });

  it('shards written before the selection was recorded still merge, with a warning that only --baseline proves them whole', () => {
    const old = [1, 2, 3].map((i) => shardEdited(`old-${i}`, i, withoutSelection));
    const result = cli(['merge', ...old, '--out', join(dir, 'm-old')]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /warning: these shard reports do not say what the run selected \(written by an older nlu-harness\): a lost or added dialogue is caught only by --baseline/,
    );
    const merged = read(join(dir, 'm-old', 'report.json'));
    expect(merged.summary.dialogues.total).toBe(6);
    expect(merged.run.selection).toBeUndefined();
  });

  it('the whole set merges with no warning, and the merged report carries no shard selection', () => {
    const result = cli(['merge', shard(1), shard(2), shard(3), '--out', join(dir, 'm-whole')]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/warning/);
    expect(read(join(dir, 'm-whole', 'report.json')).run.selection).toBeUndefined();
  });
});
