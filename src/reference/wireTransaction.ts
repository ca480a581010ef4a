import type { FieldPatch, ParseResult } from '../domain/parseResult.js';

/** A transaction as the prompts ask the model to write it. */
export interface WireTransactionOut {
  amount: number | null;
  type: ParseResult['type'];
  category: string | null;
  description: string | null;
  date: string | null;
}

export function toWire(result: Pick<ParseResult, keyof WireTransactionOut>): WireTransactionOut {
  return {
    amount: result.amount,
    type: result.type,
    category: result.category,
    description: result.description,
    date: result.date,
  };
}

/** Only the fields a patch sets, in the wire's key order. */
export function patchToWire(patch: FieldPatch): Partial<WireTransactionOut> & { account?: string | null } {
  const out: Partial<WireTransactionOut> & { account?: string | null } = {};
  if (patch.amount !== undefined) out.amount = patch.amount;
  if (patch.type !== undefined) out.type = patch.type;
  if (patch.category !== undefined) out.category = patch.category;
  if (patch.description !== undefined) out.description = patch.description;
  if (patch.date !== undefined) out.date = patch.date;
  if (patch.account !== undefined) out.account = patch.account;
  return out;
}
