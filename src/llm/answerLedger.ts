import { boundedNames, outsideName } from '../util/outsideText.js';
import type { ChatBackend, ChatRequest, ChatResult } from './backend.js';

/** report.json and the history list this many served models at most, then "… (N more)". */
export const MAX_SERVED_LISTED = 20;

/** How many of a run's answers the model gave during the run, and how many a cassette gave. */
export interface AnswerCounts {
  readonly live: number;
  readonly replayed: number;
}

/**
 * Counts a run's answers by where they came from, and notes which models the server said answered
 * (name and `system_fingerprint`), so a report can say what was measured live and a gate can see a
 * model that changed under the name it was asked by.
 */
export class AnswerLedger implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  private live = 0;
  private replayed = 0;
  private readonly served = new Set<string>();

  constructor(private readonly inner: ChatBackend) {
    this.name = inner.name;
    this.model = inner.model;
    this.clock = inner.clock;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const result = await this.inner.complete(req);
    if (result.replayed) this.replayed++;
    else this.live++;
    // The server's words: each name bounded and inert here, whatever backend passed it on (a cassette of an older version too).
    this.served.add(result.fingerprint === undefined ? outsideName(result.model) : `${outsideName(result.model)} (${outsideName(result.fingerprint)})`);
    return result;
  }

  counts(): AnswerCounts {
    return { live: this.live, replayed: this.replayed };
  }

  /** Each model the answers named, with its fingerprint when the server gave one, sorted; past MAX_SERVED_LISTED, "… (N more)". */
  servedModels(): string[] {
    return boundedNames([...this.served].sort(), MAX_SERVED_LISTED);
  }
}
