import type { TxType } from './vocabulary.js';

export type Status = 'pending' | 'confirmed' | 'cancelled';

/** One transaction as the generator's model of the orchestrator holds it. */
export interface ModelItem {
  readonly index: number;
  amount: number;
  type: TxType;
  category: string;
  description: string;
  status: Status;
}
