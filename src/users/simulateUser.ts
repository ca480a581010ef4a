import type { DraftBatch } from '../domain/draftBatch.js';
import type { Phase } from '../domain/orchestratorTypes.js';
import { Random } from '../util/random.js';
import type { ChatBackend } from '../llm/backend.js';
import { BATCH_CORE, DialogueSession } from '../sim/dialogueSession.js';
import type { SavedRow, SqliteStore } from '../sim/sqliteStore.js';
import { newTurnTrace } from '../sim/trace.js';
import type { Goal } from './goal.js';
import { compareSaved } from './observe.js';
import type { ActionBoard } from './oracleBackend.js';
import { minimumTurns, nextAction, type UserAction, type UserProfile } from './policy.js';
import { Speaker, type SpeechFeature } from './speech.js';
import { utterance } from './utterance.js';
import type { Persona } from './persona.js';
import { taskText, type Draw, type ModelVoice, type VoiceTally } from './userModel.js';

/** `slip`: a user model stayed off its goal after its draws (issue 46): the simulator's mistake, never the app's. */
export type Outcome = 'success' | 'gaveUp' | 'cancelled' | 'wrongSave' | 'error' | 'slip';

/** One user turn as it happened. */
export interface TranscriptTurn {
  readonly user: string;
  readonly action: UserAction;
  readonly spoken: readonly string[];
  readonly phaseAfter: Phase;
  readonly batchAfter: DraftBatch | null;
  readonly saved: readonly SavedRow[];
  readonly llm: readonly { readonly endpoint: string; readonly outcome: string; readonly responseText: string | null }[];
  /** A model-written line before the recogniser's noise, and every draw of it (a model user only). */
  readonly written?: { readonly line: string; readonly draws: readonly Draw[] };
}

/** Where a model user's line stayed off its goal: the turn's task, and every draw with why it was refused. */
export interface Slip {
  readonly turn: number;
  readonly action: UserAction['kind'];
  readonly task: string;
  readonly reason: string;
  readonly draws: readonly Draw[];
}

export interface UserRun {
  readonly outcome: Outcome;
  readonly turns: number;
  readonly minTurns: number;
  readonly llmCalls: number;
  readonly features: readonly SpeechFeature[];
  readonly transcript: readonly TranscriptTurn[];
  readonly error?: string;
  /** A model user: its calls and guarded lines, and the slip that ended it, if one did. */
  readonly voice?: VoiceTally;
  readonly slip?: Slip;
}

export interface SimulatedUser {
  readonly id: number;
  readonly goal: Goal;
  readonly profile: UserProfile;
  /** Seeds the user's wording, so every repeat says the same things on the same path. */
  readonly speechSeed: number;
  /** Who speaks: what a user model plays (rule-based users have one too, for slicing alike). */
  readonly persona: Persona;
}

export interface UserRunOptions {
  readonly backend: ChatBackend;
  readonly board: ActionBoard;
  readonly store: SqliteStore;
  readonly owner: string;
  readonly speech: ReadonlySet<SpeechFeature>;
  /** A language model writes the user's lines (simulate --user-llm); absent: the rule-based templates. */
  readonly voice?: ModelVoice;
}

/** Plays one user against the whole app (orchestrator, gateway, model, SQLite) until done or out of patience. */
export async function simulateUser(user: SimulatedUser, options: UserRunOptions): Promise<UserRun> {
  const { goal, profile } = user;
  const random = new Random(user.speechSeed);
  const speaker = new Speaker(random, options.speech, goal.today);
  // The users' today is the dialogue's: the prompts name it and a row with no day named is saved on it.
  const session = new DialogueSession(options.backend, options.store, options.owner, {}, BATCH_CORE, goal.today);
  const minTurns = minimumTurns(profile, goal.items.length);
  const transcript: TranscriptTurn[] = [];
  const saved: SavedRow[] = [];
  let llmCalls = 0;
  let last: UserAction | null = null;
  let slip: Slip | undefined;
  const finish = (outcome: Outcome, error?: string): UserRun => ({
    outcome,
    turns: transcript.length,
    minTurns,
    llmCalls,
    features: [...speaker.used].sort(),
    transcript,
    ...(error === undefined ? {} : { error }),
    ...(options.voice ? { voice: { ...options.voice.tally } } : {}),
    ...(slip ? { slip } : {}),
  });

  try {
    await session.send({ type: 'start' });
    for (;;) {
      const { missing, unwanted } = compareSaved(saved, goal.items, goal.today);
      if (unwanted.length > 0) return finish('wrongSave');
      if (missing.length === 0) return finish('success');
      if (transcript.length >= minTurns + profile.patience) {
        if (profile.givesUpBy === 'leaving' || !session.batch) return finish('gaveUp');
        if (!(await play({ kind: 'cancel' }))) return finish('slip');
        return finish('cancelled');
      }
      last = nextAction(profile, session.phase === 'CONFIRMING' ? session.batch : null, missing, transcript.length, last, goal.today);
      if (!(await play(last))) return finish('slip');
    }
  } catch (error) {
    // A hostile answer must never end the run: it ends this user, counted.
    return finish('error', (error as Error).message);
  }

  /** Says the action; false when a model user could not (a slip: nothing was said). */
  async function play(action: UserAction): Promise<boolean> {
    let text: string;
    let written: TranscriptTurn['written'];
    if (options.voice) {
      const card = session.phase === 'CONFIRMING' ? session.batch : null;
      const said = await options.voice.line(action, {
        today: goal.today,
        goal: goal.items,
        history: transcript.map(({ user, spoken }) => ({ user, spoken })),
        card,
      });
      if ('slip' in said) {
        slip = { turn: transcript.length, action: action.kind, task: taskText(action, goal.today), reason: said.slip, draws: said.draws };
        return false;
      }
      written = { line: said.text, draws: said.draws };
      text = speaker.transcribe(said.text, goal.items);
    } else {
      text = utterance(action, speaker, random);
    }
    options.board.current = action;
    const trace = newTurnTrace({ line: 0, user: text }, transcript.length, 'online', session);
    session.beginTurn(trace, { failSave: false });
    await session.send({ type: 'userText', text });
    session.endTurn();
    options.board.current = null;
    saved.push(...trace.saved);
    llmCalls += trace.llmCalls.length;
    transcript.push({
      user: text,
      action,
      spoken: trace.spoken.map((line) => line.text),
      phaseAfter: session.phase,
      batchAfter: session.batch,
      saved: trace.saved,
      llm: trace.llmCalls.map((call) => ({ endpoint: call.endpoint, outcome: call.outcome, responseText: call.responseText })),
      ...(written ? { written } : {}),
    });
    return true;
  }
}
