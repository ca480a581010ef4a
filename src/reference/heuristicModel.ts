import { lastUserMessage, type ChatBackend, type ChatRequest, type ChatResult } from '../llm/backend.js';
import { estimateTokens } from '../llm/tokenEstimate.js';
import { answerConversation } from './heuristicConversation.js';
import { answerCorrection } from './heuristicCorrection.js';
import { answerParse } from './heuristicParse.js';

export const HEURISTIC_LATENCY_MS = 120;

/**
 * The no-key baseline: a deterministic rule-based "model" that reads the last user
 * message of each endpoint's prompt and answers with the JSON text a good model
 * would write, through the same gateway extraction and validation.
 */
export class HeuristicModel implements ChatBackend {
  readonly name = 'heuristic';
  readonly model = 'heuristic-rules-v1';
  readonly clock = 'virtual' as const;

  complete(req: ChatRequest): Promise<ChatResult> {
    const input = lastUserMessage(req.messages);
    const answer =
      req.endpoint === 'parse'
        ? answerParse(input, req.today)
        : req.endpoint === 'correct'
          ? answerCorrection(input, req.today)
          : answerConversation(input, req.today);
    const text = JSON.stringify(answer);
    return Promise.resolve({
      text,
      latencyMs: HEURISTIC_LATENCY_MS,
      model: this.model,
      usage: {
        promptTokens: estimateTokens(req.messages.map((m) => m.content).join('\n')),
        completionTokens: estimateTokens(text),
      },
    });
  }
}
