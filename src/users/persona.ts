import { Random } from '../util/random.js';

/** Who a simulated user is and how they talk: what a user model is told to play (issue 46). */
export interface Persona {
  readonly age: '18-25' | '26-40' | '41-60' | '60+';
  readonly style: 'terse' | 'chatty';
  /** Starts lines with 嗯 / 那个 now and then. */
  readonly fillers: boolean;
  /** 30 or 三十. */
  readonly numbers: 'digits' | 'words';
}

/** The persona dimensions a report slices task success by. */
export const PERSONA_DIMENSIONS = ['age', 'style', 'fillers', 'numbers'] as const;

/**
 * Drawn from a stream of its own (the user's seed mixed with a constant), so a seed's users keep
 * their goals, habits and wording whether or not a persona is drawn; rule-based users have one too,
 * so the two kinds of user are the same people and slice alike.
 */
export function samplePersona(seed: number): Persona {
  const random = new Random((seed ^ 0x27d4eb2f) >>> 0);
  return {
    age: random.weighted([
      ['18-25', 3],
      ['26-40', 4],
      ['41-60', 2],
      ['60+', 1],
    ] as const),
    style: random.chance(0.5) ? 'terse' : 'chatty',
    fillers: random.chance(0.4),
    numbers: random.chance(0.5) ? 'digits' : 'words',
  };
}

/** The persona as the user model reads it. */
export function personaText(persona: Persona): string {
  const style = persona.style === 'terse' ? 'terse (few words)' : 'chatty (may add a short remark)';
  return `age ${persona.age}; ${style}; ${persona.fillers ? 'uses fillers (嗯, 那个)' : 'no fillers'}; numbers in ${persona.numbers === 'digits' ? 'digits (30)' : 'words (三十)'}`;
}
