import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { DraftBatch } from '../domain/draftBatch.js';
import type { CorePhase, OrchestratorConfig, Refusal } from '../domain/sessionTypes.js';
import type { Phase } from '../domain/vocabulary.js';
import type { HarnessEffect, HarnessEvent } from './harnessEvents.js';
import type { Protocol } from '../domain/vocabulary.js';

/** The wire protocol to an external orchestrator (docs/sut-protocol.md); the schema file is the contract. */

export const SUT_PROTOCOL_VERSION = 1;

export interface SutState {
  readonly phase: CorePhase;
  readonly batch: DraftBatch | null;
}

export type HarnessMessage =
  | { readonly type: 'hello'; readonly seq: number; readonly protocolVersion: number; readonly protocol: Protocol }
  | { readonly type: 'reset'; readonly seq: number; readonly config: OrchestratorConfig; readonly online: boolean }
  | { readonly type: 'event'; readonly seq: number; readonly now: number; readonly event: HarnessEvent }
  | { readonly type: 'restore'; readonly seq: number; readonly phase: Phase; readonly batch: DraftBatch | null };

export type SutMessage =
  | {
      readonly type: 'ready';
      readonly seq: number;
      readonly protocolVersion: number;
      readonly name: string;
      readonly version?: string;
      readonly protocols: readonly Protocol[];
    }
  | { readonly type: 'state'; readonly seq: number; readonly state: SutState }
  | { readonly type: 'step'; readonly seq: number; readonly effects: readonly HarnessEffect[]; readonly state: SutState; readonly refused?: Refusal }
  | { readonly type: 'error'; readonly seq: number; readonly message: string };

/** Without the `seq` a harness request carries: what the client asks, before it numbers it. */
export type HarnessRequest = HarnessMessage extends infer M ? (M extends { seq: number } ? Omit<M, 'seq'> : never) : never;

export const SUT_SCHEMA_FILE = new URL('../../protocol/sut-protocol.schema.json', import.meta.url);

export interface ProtocolValidators {
  readonly harnessMessage: ValidateFunction<HarnessMessage>;
  readonly sutMessage: ValidateFunction<SutMessage>;
  /** One per SUT message type, for errors that name the right shape. */
  readonly sutMessageOfType: Readonly<Record<SutMessage['type'], ValidateFunction>>;
  readonly effect: ValidateFunction<HarnessEffect>;
  /** One per effect type, for errors that name the right shape. */
  readonly effectOfType: ReadonlyMap<string, ValidateFunction>;
}

const SUT_MESSAGE_DEFINITIONS: Readonly<Record<SutMessage['type'], string>> = { ready: 'ready', state: 'stateMessage', step: 'step', error: 'error' };

let validators: ProtocolValidators | null = null;

/** An effect shape in the schema: its `type` constant, or a reference (the notify shapes). */
interface EffectBranch {
  readonly properties?: { readonly type: { readonly const: string } };
}

/** The schema's two message unions, compiled once. */
export function protocolValidators(): ProtocolValidators {
  if (validators) return validators;
  const schema = JSON.parse(readFileSync(SUT_SCHEMA_FILE, 'utf8')) as { $id: string; definitions: { effect: { oneOf: EffectBranch[] } } };
  const ajv = new Ajv({ allErrors: false, strict: true });
  ajv.addSchema(schema);
  const compile = <T>(definition: string) => ajv.compile<T>({ $ref: `${schema.$id}#/definitions/${definition}` });
  const byType = Object.fromEntries(Object.entries(SUT_MESSAGE_DEFINITIONS).map(([type, definition]) => [type, compile(definition)]));
  validators = {
    harnessMessage: compile<HarnessMessage>('harnessMessage'),
    sutMessage: compile<SutMessage>('sutMessage'),
    sutMessageOfType: byType as ProtocolValidators['sutMessageOfType'],
    effect: compile<HarnessEffect>('effect'),
    effectOfType: new Map(schema.definitions.effect.oneOf.map((branch, i) => [branch.properties?.type.const ?? 'notify', compile(`effect/oneOf/${i}`)])),
  };
  return validators;
}

/** Ajv's errors in one line: the nearest ones to the data, by path. */
export function schemaErrorText(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return 'does not match the schema';
  const deepest = Math.max(...errors.map((e) => e.instancePath.length));
  return errors
    .filter((e) => e.instancePath.length === deepest)
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ');
}
