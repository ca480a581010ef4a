/**
 * The shared words of the dialogue system, defined once: every other layer imports them from here.
 */

/** The session states the seeds name (IDLE → LISTENING → CONFIRMING); what datasets expect and reports show. */
export type Phase = 'IDLE' | 'LISTENING' | 'CONFIRMING';
export const PHASES: readonly Phase[] = ['IDLE', 'LISTENING', 'CONFIRMING'];

/**
 * How a user line was finally handled: Layer 1 (`local`), the LLM (`llm`), the local rules after an LLM
 * timeout or failure (`fallback`), the local rules because the device is offline (`offline`).
 */
export type Route = 'local' | 'llm' | 'fallback' | 'offline';
/** A turn's route in a trace: `none` when the turn handled no user line (a tap, a wait). */
export type TurnRoute = Route | 'none';
export const ROUTES: readonly Route[] = ['local', 'llm', 'fallback', 'offline'];

/** Why an LLM call gave nothing usable. `invalid` = well-formed JSON that breaks the protocol. */
export type LlmFailure = 'timeout' | 'error' | 'malformed' | 'invalid';
export const LLM_FAILURES: readonly LlmFailure[] = ['timeout', 'error', 'malformed', 'invalid'];

/**
 * What an answer of the LLM (or of the local rules standing in for it) led to. The first eight are
 * the batch correction protocol's (seed 003); the last three the seed-004 conversation actions
 * other than `correct` (which is `applied`).
 */
export type CorrectionOutcome =
  'applied' | 'confirm' | 'cancel' | 'append' | 'appendRefused' | 'unclear' | 'lowConfidence' | 'emptyCorrections' | 'reparsed' | 'clarify' | 'query';

/** The server endpoints the app calls: seed 000 parse, seed 002 correction, seed 004 conversation. */
export type LlmEndpoint = 'parse' | 'correct' | 'conversation';

/** The dialogue protocol under test: the batch one of seeds 000-003, or seed 004's single-transaction conversation. */
export type Protocol = 'batch' | 'conversation';
