import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { SessionState } from '../domain/sessionTypes.js';
import { BATCH_CORE, CONVERSATION_CORE, type DialogueCore } from './dialogueSession.js';
import type { Protocol } from '../domain/vocabulary.js';
import { SUT_PROTOCOL_VERSION, protocolValidators, schemaErrorText, type HarnessMessage, type SutMessage, type SutState } from './sutProtocol.js';

const HARNESS_TYPES: readonly string[] = ['hello', 'reset', 'event', 'restore'] satisfies HarnessMessage['type'][];

const CORES: Readonly<Record<Protocol, DialogueCore>> = { batch: BATCH_CORE, conversation: CONVERSATION_CORE };

export interface ServeOptions {
  readonly name: string;
  readonly version?: string;
  /** The protocol arms offered in the handshake. */
  readonly protocols: readonly Protocol[];
}

/**
 * Serves an in-process core over the SUT protocol: one JSON line in, one out, until the input ends.
 * A message it cannot take (not JSON, not a message of the protocol's schema, one its core throws
 * on) is answered with an `error` message, never by exiting.
 */
export async function serveCore(input: Readable, output: Writable, options: ServeOptions): Promise<void> {
  const session: { core: DialogueCore | null; state: SessionState | null } = { core: null, state: null };
  const send = (message: SutMessage) => output.write(`${JSON.stringify(message)}\n`);
  const view = (s: SessionState): SutState => ({ phase: s.phase, batch: s.batch });
  const { harnessMessage } = protocolValidators();

  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      send({ type: 'error', seq: 0, message: `not JSON: ${line.slice(0, 80)}` });
      continue;
    }
    if (!harnessMessage(parsed)) {
      const { seq, type } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { seq?: unknown; type?: unknown };
      const why = HARNESS_TYPES.includes(type as string)
        ? `not a valid ${String(type)} message: ${schemaErrorText(harnessMessage.errors)}`
        : `unknown message type ${JSON.stringify(type)}`;
      send({ type: 'error', seq: Number.isSafeInteger(seq) ? (seq as number) : 0, message: why });
      continue;
    }
    try {
      await answer(parsed);
    } catch (error) {
      send({ type: 'error', seq: parsed.seq, message: `could not take the ${parsed.type} message: ${(error as Error).message}` });
    }
  }

  async function answer(message: HarnessMessage): Promise<void> {
    const seq = message.seq;
    switch (message.type) {
      case 'hello':
        if (options.protocols.includes(message.protocol)) session.core = CORES[message.protocol] ?? null;
        send({
          type: 'ready',
          seq,
          protocolVersion: SUT_PROTOCOL_VERSION,
          name: options.name,
          ...(options.version ? { version: options.version } : {}),
          protocols: options.protocols,
        });
        break;
      case 'reset': {
        const core = session.core;
        if (!core) {
          send({ type: 'error', seq, message: 'reset before a hello that chose a protocol this SUT speaks' });
          break;
        }
        session.state = { ...core.initial(message.config), online: message.online };
        send({ type: 'state', seq, state: view(session.state) });
        break;
      }
      case 'restore': {
        const before = session.state;
        if (!before) {
          send({ type: 'error', seq, message: 'restore before reset' });
          break;
        }
        session.state = { ...before, phase: message.phase, batch: message.batch };
        send({ type: 'state', seq, state: view(session.state) });
        break;
      }
      case 'event': {
        const { core, state } = session;
        if (!core || !state) {
          send({ type: 'error', seq, message: 'event before reset' });
          break;
        }
        const result = await core.step(state, message.event, message.now);
        session.state = result.state;
        send({ type: 'step', seq, effects: result.effects, state: view(result.state), ...(result.refused ? { refused: result.refused } : {}) });
        break;
      }
    }
  }
}
