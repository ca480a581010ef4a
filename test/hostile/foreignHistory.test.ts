import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { APPLICATION_ID, HISTORY_SCHEMA_VERSION, MIGRATIONS } from '../../src/history/historyStore.js';
import { cli, tempDir } from '../support/cli.js';
import { expectRejected, oneTurn } from './workspace.js';

// Issue 31, finding 4: `--history` given a file that is not one of ours ended in exit 3 and a
// changed file. Only a file this harness created, or an absent path, is written.
function sqlite(path: string, setUp: (db: Database.Database) => void): void {
  const db = new Database(path);
  setUp(db);
  db.close();
}

const NOT_OURS: Array<{ name: string; make: (path: string) => void; where: RegExp }> = [
  { name: 'an empty file', make: (path) => writeFileSync(path, ''), where: /an empty file, not an nlu-harness run history; the file was left as it was/ },
  {
    name: "another application's SQLite",
    make: (path) => sqlite(path, (db) => db.exec("CREATE TABLE notes (x); INSERT INTO notes VALUES ('mine')")),
    where: /an SQLite file that is not an nlu-harness run history/,
  },
  {
    name: 'an SQLite file with no tables but a schema version (it was taken as a fresh history, then exit 3)',
    make: (path) => sqlite(path, (db) => db.pragma('user_version = 7')),
    where: /an SQLite file that is not an nlu-harness run history/,
  },
  {
    name: 'our history of a schema version we do not know',
    make: (path) =>
      sqlite(path, (db) => {
        db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION + 5}`);
        db.exec('CREATE TABLE runs (x)');
      }),
    where: new RegExp(`schema v${HISTORY_SCHEMA_VERSION + 5} is newer than this nlu-harness knows`),
  },
  {
    name: 'a text file',
    make: (path) => writeFileSync(path, 'my notes\n'),
    where: /not a usable run history \(file is not a database\); the file was left as it was/,
  },
];

describe('--history with a file that is not ours: exit 2, the file byte-identical (issue 31)', () => {
  const dir = tempDir('nlu-foreign-history-');
  const dataset = join(dir, 'd.yaml');
  writeFileSync(dataset, oneTurn('a'));
  for (const c of NOT_OURS) {
    it(c.name, () => {
      const case_ = c.name.replace(/\W+/g, '-');
      const history = join(dir, `${case_}.sqlite`);
      c.make(history);
      const before = readFileSync(history);
      expectRejected(cli(['run', '--no-progress', '--dataset', dataset, '--out', join(dir, `out-${case_}`), '--history', history]), c.where);
      expect(readFileSync(history).equals(before)).toBe(true);
      expect(readdirSync(dir).filter((name) => name.startsWith(`${case_}.sqlite`))).toEqual([`${case_}.sqlite`]);
      expect(existsSync(join(dir, `out-${case_}`))).toBe(false);
    });
  }

  it('an absent path is created as our history, and the next run appends to it', () => {
    const history = join(dir, 'sub', 'mine.sqlite');
    for (const n of [1, 2]) {
      const result = cli(['run', '--no-progress', '--dataset', dataset, '--out', join(dir, `mine-${n}`), '--history', history]);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(`(run #${n})`);
    }
    expect(readdirSync(join(dir, 'sub')).filter((name) => name.includes('.creating'))).toEqual([]);
  });
});

describe('--history with our application id and schema version but not its tables: exit 2, the file byte-identical (issue 41)', () => {
  const dir = tempDir('nlu-tableless-history-');
  const dataset = join(dir, 'd.yaml');
  writeFileSync(dataset, oneTurn('a'));
  const ours = (path: string, tables = '') =>
    sqlite(path, (db) => {
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION}`);
      if (tables) db.exec(tables);
    });
  const cases = [
    {
      name: 'no tables at all',
      tables: '',
      where: /an nlu-harness run history of schema v\d+ that lacks runs\.id, runs\.started_at, runs\.finished_at and \d+ more; the file was left as it was/,
    },
    { name: 'a runs table of other columns', tables: 'CREATE TABLE runs (id INTEGER)', where: /that lacks runs\.started_at/ },
  ];
  for (const c of cases) {
    for (const command of ['run', 'history'] as const) {
      it(`${c.name}: ${command}`, () => {
        const history = join(dir, `${c.name.replace(/\W+/g, '-')}-${command}.sqlite`);
        ours(history, c.tables);
        const before = readFileSync(history);
        const out = join(dir, `out-${command}`);
        const args = command === 'run' ? ['run', '--no-progress', '--dataset', dataset, '--out', out, '--history', history] : ['history', '--history', history];
        expectRejected(cli(args), c.where);
        expect(readFileSync(history).equals(before)).toBe(true);
        expect(existsSync(`${history}-wal`)).toBe(false);
        expect(existsSync(out)).toBe(false);
      });
    }
  }

  it('an older schema holding a column a later migration adds is refused too, not half-migrated', () => {
    const history = join(dir, 'early.sqlite');
    sqlite(history, (db) => {
      db.exec(MIGRATIONS[0]!);
      db.exec("ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'run'");
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma('user_version = 1');
    });
    const before = readFileSync(history);
    expectRejected(cli(['history', '--history', history]), /of schema v1 that already has runs\.kind, which a later version adds/);
    expect(readFileSync(history).equals(before)).toBe(true);
  });
});
