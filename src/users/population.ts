import { Random } from '../util/random.js';
import { sampleGoal, withDays } from './goal.js';
import { sampleProfile } from './policy.js';
import { samplePersona } from './persona.js';
import type { SimulatedUser } from './simulateUser.js';

/** A user's own seed: user 7 of seed 3 is the same person whether 10 or 1 000 users run. */
export function userSeed(seed: number, id: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(id, 0x85ebca6b)) >>> 0;
}

/** The seed of the days a user's items happened on: a stream of its own (goal.ts withDays). */
function daySeed(seed: number, id: number): number {
  return (userSeed(seed, id) ^ 0x5bd1e995) >>> 0;
}

/** User `id` of `seed`: the same person for the same seed and today. */
export function sampleUser(seed: number, id: number, today: string): SimulatedUser {
  const random = new Random(userSeed(seed, id));
  const goal = sampleGoal(random, today);
  const profile = sampleProfile(random, goal.items.length);
  const speechSeed = random.int(1, 0x7fffffff);
  return { id, goal: withDays(goal, new Random(daySeed(seed, id))), profile, speechSeed, persona: samplePersona(userSeed(seed, id)) };
}

export function* sampleUsers(seed: number, count: number, today: string): Generator<SimulatedUser> {
  for (let id = 1; id <= count; id++) yield sampleUser(seed, id, today);
}
