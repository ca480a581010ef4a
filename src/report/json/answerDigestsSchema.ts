/** The JSON schema of one dialogue's `answerDigests` (per run, per model call), shared by the baseline's and the report's readers. */
const hex = { type: 'string', pattern: '^[0-9a-f]{12}$' };

export const ANSWER_DIGESTS_SCHEMA = {
  type: 'array',
  items: {
    type: 'array',
    items: {
      type: 'object',
      required: ['turn', 'endpoint', 'request', 'answer'],
      properties: { turn: { type: 'integer', minimum: 0 }, endpoint: { type: 'string' }, request: hex, answer: hex },
    },
  },
};
