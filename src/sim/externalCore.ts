import { DEFAULT_CONFIG, type AwaitedCall, type AwaitedSave, type CorePhase, type OrchestratorConfig, type SessionState } from '../domain/sessionTypes.js';
import type { CoreStep, DialogueCore } from './dialogueSession.js';
import type { HarnessEvent } from './harnessEvents.js';
import type { Protocol } from '../domain/vocabulary.js';
import { protocolValidators, schemaErrorText, SUT_PROTOCOL_VERSION, type HarnessRequest, type SutMessage, type SutState } from './sutProtocol.js';
import { quote, SutFault, SutProcess } from './sutProcess.js';
import { SutWatch } from './sutWatch.js';
import { oversizedField } from './sutLimits.js';

export interface ExternalCoreOptions {
  /** A shell command line that starts the SUT. */
  readonly command: string;
  readonly protocol: Protocol;
  /** Wall-time deadline for each reply after the handshake, in ms. */
  readonly timeoutMs: number;
  /** Wall-time deadline for the SUT to start and answer the handshake, in ms. */
  readonly startTimeoutMs: number;
  /** After this many dialogues in a row end in a SUT fault, the rest fail without starting it again; 0: never give up. */
  readonly giveUpAfter: number;
  /** Environment variables the SUT may see beyond the minimum (childEnvironment.ts). */
  readonly passEnv?: readonly string[];
}

/** The harness's mirror of the SUT's session: what the SUT last reported, plus which dialogue it belongs to. */
export interface ExternalState extends SessionState {
  readonly dialogue: number;
  /** Why this dialogue can go no further: the SUT's fault, repeated on every later step. */
  readonly fault: string | null;
}

/** The dialogue is not run: the SUT failed too many dialogues in a row. */
class GaveUp extends SutFault {}

const WAITING_KIND: Partial<Record<CorePhase, 'parse' | 'correct' | 'save'>> = { AWAITING_PARSE: 'parse', AWAITING_CORRECTION: 'correct', SAVING: 'save' };

/**
 * An orchestrator in another process, behind the JSON-Lines protocol (docs/sut-protocol.md), in the
 * role the in-process core plays for DialogueSession. One dialogue at a time: a new dialogue resets
 * the SUT, a fault kills it and the next dialogue starts it again.
 */
export class ExternalCore implements DialogueCore<ExternalState> {
  readonly confirmingEndpoint: 'correct' | 'conversation';
  /** The name and version the SUT gave in its handshake. */
  sutName: string | null = null;
  private process: SutProcess | null = null;
  private seq = 0;
  private dialogues = 0;
  private current = 0;
  private last: ExternalState | null = null;
  private readonly watch = new SutWatch();
  private faultsInARow = 0;
  private currentFaulted = false;
  private lastFault = '';

  constructor(private readonly options: ExternalCoreOptions) {
    this.confirmingEndpoint = options.protocol === 'conversation' ? 'conversation' : 'correct';
  }

  initial(config: Partial<OrchestratorConfig>): ExternalState {
    return {
      phase: 'IDLE',
      batch: null,
      online: true,
      inFlight: null,
      inactivityTimerId: null,
      nextId: 1,
      config: { ...DEFAULT_CONFIG, ...config },
      dialogue: ++this.dialogues,
      fault: null,
    };
  }

  async step(state: ExternalState, event: HarnessEvent, now: number): Promise<CoreStep<ExternalState>> {
    if (state.fault !== null) return { state, effects: [], fault: state.fault };
    const what = describeEvent(event);
    try {
      await this.prepare(state);
      this.watch.deliver(event, what);
      const reply = await this.ask({ type: 'event', now, event }, what, 'step');
      if (reply.type !== 'step') throw new Error('unreachable');
      this.watch.accept(reply.effects, reply.state, reply.refused, what);
      const online = event.type === 'connectivity' && reply.refused === undefined ? event.online : state.online;
      const next = this.mirror({ ...state, online }, reply.state);
      return { state: next, effects: reply.effects, ...(reply.refused ? { refused: reply.refused } : {}) };
    } catch (error) {
      if (!(error instanceof SutFault)) throw error;
      return this.fail(state, error);
    }
  }

  /** Stops the SUT; the core can still start it again. */
  close(): void {
    this.process?.close();
    this.process = null;
  }

  /** A new dialogue resets the SUT; a state the harness replaced (gold mode) is restored into it. */
  private async prepare(state: ExternalState): Promise<void> {
    if (state.dialogue !== this.current) {
      if (state.dialogue < this.current) throw new Error('ExternalCore runs one dialogue at a time (concurrency 1)');
      return this.begin(state);
    }
    if (state === this.last) return;
    const reply = await this.ask({ type: 'restore', phase: state.phase as 'IDLE', batch: state.batch }, `restore ${state.phase}`, 'state');
    if (reply.type !== 'state') throw new Error('unreachable');
    this.watch.accept([], reply.state, undefined, 'restore');
    this.mirror(state, reply.state);
  }

  private async begin(state: ExternalState): Promise<void> {
    if (!this.currentFaulted) this.faultsInARow = 0;
    this.current = state.dialogue;
    this.currentFaulted = false;
    const { giveUpAfter } = this.options;
    if (giveUpAfter > 0 && this.faultsInARow >= giveUpAfter) {
      throw new GaveUp(`not run: the SUT failed ${this.faultsInARow} dialogues in a row, the last with: ${this.lastFault}`);
    }
    if (!this.process) await this.connect();
    this.watch.reset();
    const reply = await this.ask({ type: 'reset', config: state.config, online: state.online }, 'reset', 'state');
    if (reply.type !== 'state') throw new Error('unreachable');
    if (reply.state.phase !== 'IDLE' || reply.state.batch !== null) {
      throw new SutFault(`after reset the SUT is in ${reply.state.phase}${reply.state.batch ? ' with a batch' : ''}; a reset ends in IDLE with no batch`);
    }
    this.last = state;
  }

  private async connect(): Promise<void> {
    this.process = new SutProcess(this.options.command, this.options.passEnv);
    const { protocol } = this.options;
    const ready = await this.ask({ type: 'hello', protocolVersion: SUT_PROTOCOL_VERSION, protocol }, 'hello', 'ready', this.options.startTimeoutMs);
    if (ready.type !== 'ready') throw new Error('unreachable');
    if (!ready.protocols.includes(protocol)) {
      throw new SutFault(`the SUT "${ready.name}" speaks the ${ready.protocols.join(' and ')} protocol, not ${protocol}`);
    }
    this.sutName = ready.version ? `${ready.name} ${ready.version}` : ready.name;
  }

  private mirror(state: ExternalState, reported: SutState): ExternalState {
    const kind = WAITING_KIND[reported.phase];
    // DialogueSession settles while `inFlight` is set; only its presence and kind matter here.
    const inFlight = kind ? ({ kind, id: 0, text: '' } as unknown as AwaitedCall | AwaitedSave) : null;
    const next: ExternalState = { ...state, phase: reported.phase, batch: reported.batch, inFlight };
    this.last = next;
    return next;
  }

  private fail(state: ExternalState, error: SutFault): CoreStep<ExternalState> {
    this.close();
    if (!(error instanceof GaveUp)) {
      if (!this.currentFaulted) this.faultsInARow++;
      this.lastFault = error.message;
    }
    this.currentFaulted = true;
    const fault = `SUT fault: ${error.message}`;
    return { state: { ...state, inFlight: null, fault }, effects: [], fault };
  }

  /** One request and its validated reply; anything else is a SutFault naming the request. */
  private async ask(request: HarnessRequest, what: string, expected: SutMessage['type'], timeoutMs = this.options.timeoutMs): Promise<SutMessage> {
    const seq = ++this.seq;
    const named = `${what} (seq ${seq})`;
    const { type, ...fields } = request;
    const line = await this.process!.exchange(JSON.stringify({ type, seq, ...fields }), timeoutMs, named);
    const message = parseReply(line, named, seq);
    if (message.seq !== seq) throw new SutFault(`the SUT answered ${named} with seq ${String(message.seq)}: replies must come in order`);
    if (message.type === 'error') throw new SutFault(`the SUT reported an error on ${named}: ${quote(message.message)}`);
    if (message.type !== expected) throw new SutFault(`the SUT answered ${named} with a ${message.type} message; ${expected} expected`);
    return message;
  }
}

function parseReply(line: string, named: string, seq: number): SutMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new SutFault(`the SUT answered ${named} with a line that is not JSON: ${quote(line)}`);
  }
  // A seq already answered (or never sent) is a line nobody asked for, however late it arrived.
  const replySeq = (value as { seq?: unknown } | null)?.seq;
  if (typeof replySeq === 'number' && replySeq < seq) {
    throw new SutFault(`before answering ${named}, the SUT wrote a line nobody asked for (seq ${replySeq})`);
  }
  const oversized = oversizedField(value);
  if (oversized) throw new SutFault(`the SUT's answer to ${named} is too large: ${oversized}`);
  const type = (value as { type?: unknown } | null)?.type;
  const validators = protocolValidators();
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof type !== 'string') {
    throw new SutFault(`the SUT answered ${named} with JSON that is not a message object with a type: ${quote(line)}`);
  }
  const validate = Object.hasOwn(validators.sutMessageOfType, type) ? validators.sutMessageOfType[type as SutMessage['type']] : undefined;
  if (!validate) throw new SutFault(`the SUT answered ${named} with an unknown message type ${quote(type)}`);
  if (validate(value)) return value as SutMessage;
  const effects = (value as { effects?: unknown }).effects;
  if (type === 'step' && Array.isArray(effects)) {
    const bad = effects.findIndex((effect) => !validators.effect(effect));
    if (bad !== -1) {
      const effectType = String((effects[bad] as { type?: unknown } | null)?.type);
      const shape = validators.effectOfType.get(effectType);
      const why = shape && !shape(effects[bad]) ? schemaErrorText(shape.errors) : 'no effect has this type';
      throw new SutFault(`the SUT's step reply to ${named} has an invalid effect #${bad + 1} (${quote(effectType)}): ${why}`);
    }
  }
  throw new SutFault(`the SUT's ${type} reply to ${named} breaks the protocol schema: ${schemaErrorText(validate.errors)}`);
}

function describeEvent(event: HarnessEvent): string {
  switch (event.type) {
    case 'userText':
      return `event userText ${quote(event.text)}`;
    case 'tap':
      return `event tap ${event.action}`;
    case 'connectivity':
      return `event connectivity ${event.online ? 'online' : 'offline'}`;
    case 'timerFired':
      return `event timerFired ${event.name} #${event.id}`;
    case 'start':
    case 'dispose':
      return `event ${event.type}`;
    default:
      return `event ${event.type} #${event.id}`;
  }
}
