import {
  appEndpoint,
  HarnessSetupError,
  LlmCallError,
  LlmTimeoutError,
  lastUserMessage,
  type ChatBackend,
  type ChatRequest,
  type ChatResult,
  type Endpoint,
  type ScriptKey,
  type ScriptedAnswer,
  type ScriptedTurns,
  type TurnScript,
} from './backend.js';

export const DEFAULT_SCRIPTED_LATENCY_MS = 350;

/** The run asked the scripted model something this turn's script did not anticipate. */
export class ScriptViolationError extends HarnessSetupError {
  override readonly name = 'ScriptViolationError';
  constructor(
    message: string,
    readonly endpoint: Endpoint,
    readonly userMessage: string,
  ) {
    super(message);
  }
}

/**
 * Per-turn canned answers, strict: each anticipated endpoint answers once per turn,
 * anything else throws ScriptViolationError.
 *
 * fault 'timeout' throws LlmTimeoutError with latencyMs = Infinity: the model never
 * answers, the gateway reports a timeout with that latency, and the caller's own
 * deadline timer decides when the wait ends.
 * fault 'error' throws LlmCallError after the answer's latency.
 */
export class ScriptedBackend implements ChatBackend, ScriptedTurns {
  readonly name = 'scripted';
  readonly model = 'scripted';
  readonly clock = 'virtual' as const;

  /** It answers only from the script: the run hands it each turn's (a getter, so no wrapper or copy claims it). */
  get script(): ScriptedTurns {
    return this;
  }

  private turn: TurnScript | undefined;
  private readonly used = new Set<ScriptKey>();

  setTurn(script: TurnScript | undefined): void {
    for (const [endpoint, answer] of Object.entries(script ?? {})) {
      if (answer && answer.text === undefined && answer.raw === undefined && answer.fault === undefined) {
        throw new TypeError(`scripted answer for '${endpoint}' has neither text, raw nor fault`);
      }
    }
    this.turn = script;
    this.used.clear();
  }

  /** Answers this turn's script holds that no call asked for. */
  unusedAnswers(): { endpoint: ScriptKey; answer: ScriptedAnswer }[] {
    const unused: { endpoint: ScriptKey; answer: ScriptedAnswer }[] = [];
    for (const [endpoint, answer] of Object.entries(this.turn ?? {}) as [ScriptKey, ScriptedAnswer | undefined][]) {
      if (answer && !this.used.has(endpoint)) unused.push({ endpoint, answer });
    }
    return unused;
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    const endpoint = appEndpoint(req);
    const key: ScriptKey = this.turn?.[endpoint] === undefined && this.turn?.any !== undefined && !this.used.has('any') ? 'any' : endpoint;
    const answer = this.turn?.[key];
    if (!answer || this.used.has(key)) {
      const userMessage = lastUserMessage(req.messages);
      const why = answer ? 'a second' : 'an unanticipated';
      const anticipated = Object.keys(this.turn ?? {}).join(', ') || 'no LLM call';
      return Promise.reject(
        new ScriptViolationError(
          `scripted LLM got ${why} '${endpoint}' call (this turn's script anticipates: ${anticipated}); ` + `last user message: ${userMessage}`,
          endpoint,
          userMessage,
        ),
      );
    }
    this.used.add(key);
    const latencyMs = answer.latencyMs ?? DEFAULT_SCRIPTED_LATENCY_MS;
    if (answer.fault === 'timeout') {
      return Promise.reject(new LlmTimeoutError(`scripted timeout on '${endpoint}'`, Number.POSITIVE_INFINITY));
    }
    if (answer.fault === 'error') {
      return Promise.reject(new LlmCallError(`scripted error on '${endpoint}'`, { latencyMs }));
    }
    const text = answer.raw ?? answer.text ?? '';
    return Promise.resolve({ text, latencyMs, model: this.model });
  }
}
