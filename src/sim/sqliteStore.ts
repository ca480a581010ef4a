import Database from 'better-sqlite3';
import { CATEGORIES as CATEGORY_NAMES, fuzzyMatchCategory } from '../domain/categories.js';
import type { ParseResult } from '../domain/parseResult.js';
import { DEFAULT_TODAY, isCalendarDay } from '../domain/relativeDates.js';

export const DEFAULT_ACCOUNT = '默认账户';
const FALLBACK_CATEGORY = '其他';

export interface SavedRow {
  readonly id: string;
  readonly amount: number;
  readonly type: string;
  readonly category: string;
  readonly description: string | null;
  /** The day the user meant (YYYY-MM-DD), or the dialogue's today when none was named: never null. */
  readonly date: string;
  readonly account: string;
}

export class SaveBatchError extends Error {
  override readonly name = 'SaveBatchError';
}

/**
 * The app's VoiceTransactionService.saveBatch on SQLite (seed 000 批量交易保存, seed 004 确认保存):
 * every item in one transaction, a UUID per row, the category matched against the
 * category table (fuzzy match first), the default account, and the item's day: the one the user
 * named, else today (seed 002's `date: String?`, null = today). A day that is not a calendar day
 * rolls the batch back like an invalid amount.
 */
export class SqliteStore {
  private readonly db: Database.Database;
  private readonly runId: number;
  private readonly insert: Database.Statement;
  private readonly saveAll: (items: readonly ParseResult[], owner: string, failAfterFirst: boolean, today: string) => SavedRow[];

  constructor(
    file: string,
    private readonly newId: () => string,
    private readonly clock: () => number,
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS accounts (name TEXT PRIMARY KEY, is_default INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE IF NOT EXISTS categories (name TEXT PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS runs (id INTEGER PRIMARY KEY AUTOINCREMENT, opened_at TEXT NOT NULL);
    `);
    keepRowsOfOlderSchema(this.db);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS transactions (
        run_id INTEGER NOT NULL REFERENCES runs(id),
        id TEXT NOT NULL,
        owner TEXT NOT NULL,
        amount REAL NOT NULL CHECK (amount > 0),
        type TEXT NOT NULL CHECK (type IN ('EXPENSE', 'INCOME', 'TRANSFER')),
        category TEXT NOT NULL REFERENCES categories(name),
        description TEXT,
        date TEXT,
        account TEXT NOT NULL REFERENCES accounts(name),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (run_id, id)
      );
    `);
    // Row ids are seeded per run (same seed, same report): each run's rows are kept apart by its run id.
    this.runId = Number(this.db.prepare('INSERT INTO runs (opened_at) VALUES (?)').run(new Date().toISOString()).lastInsertRowid);
    this.db.prepare('INSERT OR IGNORE INTO accounts (name, is_default) VALUES (?, 1)').run(DEFAULT_ACCOUNT);
    const addCategory = this.db.prepare('INSERT OR IGNORE INTO categories (name) VALUES (?)');
    for (const name of [...CATEGORY_NAMES, FALLBACK_CATEGORY]) addCategory.run(name);
    this.insert = this.db.prepare(
      `INSERT INTO transactions (run_id, id, owner, amount, type, category, description, date, account, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.saveAll = this.db.transaction((items: readonly ParseResult[], owner: string, failAfterFirst: boolean, today: string) => {
      const rows: SavedRow[] = [];
      for (const item of items) {
        rows.push(this.insertOne(item, owner, today));
        if (failAfterFirst) throw new SaveBatchError('simulated storage failure after the first row');
      }
      return rows;
    });
  }

  /** All or nothing: an invalid item (no amount, amount <= 0) rolls every row back and throws. */
  saveBatch(items: readonly ParseResult[], owner: string, options: { simulateFailure?: boolean; today?: string } = {}): SavedRow[] {
    if (items.length === 0) throw new SaveBatchError('saveBatch needs at least one item');
    try {
      return this.saveAll(items, owner, options.simulateFailure ?? false, options.today ?? DEFAULT_TODAY);
    } catch (error) {
      if (error instanceof SaveBatchError) throw error;
      throw new SaveBatchError(`saveBatch rolled back: ${(error as Error).message}`);
    }
  }

  count(owner?: string): number {
    const row = (
      owner === undefined
        ? this.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE run_id = ?').get(this.runId)
        : this.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE run_id = ? AND owner = ?').get(this.runId, owner)
    ) as { n: number };
    return row.n;
  }

  /** Drops this run's rows but those of `owners` (an in-memory store of a long run: a finished dialogue's rows are read by nobody). */
  forgetRowsExcept(owners: readonly string[]): void {
    if (owners.length === 0) this.db.prepare('DELETE FROM transactions WHERE run_id = ?').run(this.runId);
    else this.db.prepare('DELETE FROM transactions WHERE run_id = ? AND owner NOT IN (SELECT value FROM json_each(?))').run(this.runId, JSON.stringify(owners));
  }

  close(): void {
    this.db.close();
  }

  private insertOne(item: ParseResult, owner: string, today: string): SavedRow {
    if (item.amount === null || !Number.isFinite(item.amount) || item.amount <= 0) {
      throw new SaveBatchError(`invalid amount ${String(item.amount)} for "${item.description ?? '?'}"`);
    }
    const date = item.date ?? today;
    if (!isCalendarDay(date)) throw new SaveBatchError(`invalid date ${JSON.stringify(date)} for "${item.description ?? '?'}"`);
    const row: SavedRow = {
      id: this.newId(),
      amount: item.amount,
      type: item.type,
      category: this.matchCategory(item.category),
      description: item.description,
      date,
      account: item.account ?? DEFAULT_ACCOUNT,
    };
    this.insert.run(this.runId, row.id, owner, row.amount, row.type, row.category, row.description, row.date, row.account, this.clock());
    return row;
  }

  private matchCategory(category: string | null): string {
    if (!category) return FALLBACK_CATEGORY;
    if ((CATEGORY_NAMES as readonly string[]).includes(category)) return category;
    return fuzzyMatchCategory(category) ?? FALLBACK_CATEGORY;
  }
}

/** A --db file written before runs were kept apart: its rows move to a table of their own, kept. */
function keepRowsOfOlderSchema(db: Database.Database): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('transactions')").all() as { name: string }[];
  if (columns.length > 0 && !columns.some((column) => column.name === 'run_id')) {
    db.exec('ALTER TABLE transactions RENAME TO transactions_before_runs');
  }
}
