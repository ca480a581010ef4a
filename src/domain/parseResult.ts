export const TRANSACTION_TYPES = ['EXPENSE', 'INCOME', 'TRANSFER'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** One recognised transaction, from the local rules or from the LLM. */
export interface ParseResult {
  readonly amount: number | null;
  readonly category: string | null;
  readonly type: TransactionType;
  readonly description: string | null;
  /** ISO date (YYYY-MM-DD) when the user named one, else null (= today). */
  readonly date: string | null;
  readonly account: string | null;
  readonly confidence: number;
  readonly source: 'local' | 'llm';
}

/** The fields a correction may change. */
export type EditableField = 'amount' | 'category' | 'type' | 'description' | 'date' | 'account';
export const EDITABLE_FIELDS: readonly EditableField[] = ['amount', 'category', 'type', 'description', 'date', 'account'];

export type FieldPatch = Partial<Pick<ParseResult, EditableField>>;

export function parseResult(fields: Partial<ParseResult> & { amount: number | null }): ParseResult {
  return {
    category: null,
    type: 'EXPENSE',
    description: null,
    date: null,
    account: null,
    confidence: 1,
    source: 'llm',
    ...fields,
  };
}

export function applyPatch(result: ParseResult, patch: FieldPatch): ParseResult {
  return { ...result, ...patch };
}

/** Keeps only the editable fields, with values of the right kind; everything else is dropped. */
export function sanitizePatch(fields: FieldPatch | Readonly<Record<string, unknown>>): FieldPatch {
  const patch: Record<string, unknown> = {};
  const source = fields as Readonly<Record<string, unknown>>;
  for (const key of EDITABLE_FIELDS) {
    if (!(key in source)) continue;
    const value = source[key];
    if (key === 'amount') {
      if (typeof value === 'number' && Number.isFinite(value)) patch.amount = value;
    } else if (key === 'type') {
      if ((TRANSACTION_TYPES as readonly unknown[]).includes(value)) patch.type = value;
    } else if (typeof value === 'string' || value === null) {
      patch[key] = value;
    }
  }
  return patch;
}
