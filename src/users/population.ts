import { Random } from '../util/random.js';
import { sampleGoal } from './goal.js';
import { sampleProfile } from './policy.js';
import type { SimulatedUser } from './simulateUser.js';

/** A user's own seed: user 7 of seed 3 is the same person whether 10 or 1 000 users run. */
export function userSeed(seed: number, id: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(id, 0x85ebca6b)) >>> 0;
}

export function sampleUser(seed: number, id: number): SimulatedUser {
  const random = new Random(userSeed(seed, id));
  const goal = sampleGoal(random);
  const profile = sampleProfile(random, goal.items.length);
  return { id, goal, profile, speechSeed: random.int(1, 0x7fffffff) };
}

export function* sampleUsers(seed: number, count: number): Generator<SimulatedUser> {
  for (let id = 1; id <= count; id++) yield sampleUser(seed, id);
}
