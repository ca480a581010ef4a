import type { ConversationEffect, ConversationEvent } from '../domain/legacy/conversationTypes.js';
import type { Effect, OrchestratorEvent } from '../domain/orchestratorTypes.js';

/** Every event and effect either protocol core speaks; each core refuses the events its table does not list. */
export type HarnessEvent = OrchestratorEvent | ConversationEvent;
export type HarnessEffect = Effect | ConversationEffect;
