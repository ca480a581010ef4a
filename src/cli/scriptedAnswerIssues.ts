import type { DatasetIssue, Dialogue, ScriptedAnswer } from '../datasets/datasetTypes.js';
import {
  schemaErrors,
  validateConversationResponse,
  validateCorrectionResponse,
  validateParseResponse,
  type Validator,
} from '../gateway/schemas.js';

const VALIDATORS: Record<'parse' | 'correct' | 'conversation', Validator<unknown>> = {
  parse: validateParseResponse,
  correct: validateCorrectionResponse,
  conversation: validateConversationResponse,
};

/**
 * Scripted `llm.parse/correct/conversation` answers checked against the schemas the gateway
 * applies at run time: an answer it would reject (`type: expense`, `confidence: 1.5`) would
 * silently take the local fallback. A deliberately bad answer is written as `llm.raw`.
 */
export function scriptedAnswerIssues(dialogue: Dialogue): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  dialogue.turns.forEach((turn, j) => {
    for (const [endpoint, validate] of Object.entries(VALIDATORS) as [keyof typeof VALIDATORS, Validator<unknown>][]) {
      const answer: ScriptedAnswer | undefined = turn.llm?.[endpoint];
      if (answer?.json === undefined || validate(answer.json)) continue;
      const message = `turns[${j}].llm.${endpoint}: the gateway would reject this answer (${schemaErrors(validate)}); write a deliberately bad answer as llm.raw`;
      issues.push({ file: dialogue.file, line: turn.line, col: 1, message });
    }
  });
  return issues;
}
