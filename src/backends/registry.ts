import type { BackendEntry } from './backendEntry.js';
import { heuristic } from './heuristic.js';
import { openai } from './openai.js';
import { oracle } from './oracle.js';
import { replay } from './replay.js';
import { scripted } from './scripted.js';

/**
 * Every backend, in the order a command's --help lists those it offers. Adding one: a file here
 * exporting its entry, and its line below. Each entry loads its class (the openai SDK, cassettes,
 * the reference model) only when made, so a run starts without the others.
 */
const BACKENDS: readonly BackendEntry[] = [scripted, oracle, heuristic, openai, replay];

/** The names of the backends a command offers, in registry order. */
export function backendNames(offered: (entry: BackendEntry) => boolean = () => true): string[] {
  return BACKENDS.filter(offered).map((entry) => entry.name);
}

/** The entry of a name, as a report or a baseline stores it; undefined for a name no backend has (a wrapper's, an older run's). */
export function findBackend(name: string): BackendEntry | undefined {
  return BACKENDS.find((entry) => entry.name === name);
}

/** The entry of a name a command's choices let through. */
export function backendEntry(name: string): BackendEntry {
  const entry = findBackend(name);
  if (!entry) throw new Error(`no backend is named '${name}' (backends: ${backendNames().join(', ')})`);
  return entry;
}

/** The backend under the wrappers' names: `perturb(record(openai))` → `openai`. */
export function baseBackendName(name: string): string {
  const inner = /^[a-z]+\((.*)\)$/.exec(name);
  return inner ? baseBackendName(inner[1]!) : name;
}

/** How a run asked its model to sample, as its provenance keeps it. */
export interface SamplingAsked {
  readonly temperature?: number;
  readonly seed?: number;
}

/**
 * Whether two runs of `backend` answer the same input the same way, so that nothing but a change
 * moves their scores: a backend that always repeats its answers, or a sampled one asked for
 * temperature 0 with the same seed on both runs. A perturbed backend (`perturb(…)`) draws its noise
 * by call order, which concurrency shuffles, so it never repeats.
 */
export function answersRepeat(backend: string, before?: SamplingAsked | null, after?: SamplingAsked | null): boolean {
  if (/(^|\()perturb\(/.test(backend)) return false;
  const entry = findBackend(baseBackendName(backend));
  if (!entry) return false;
  if (entry.repeatsAnswers === 'always') return true;
  const greedy = (s: SamplingAsked | null | undefined) => s?.temperature === 0 && s.seed !== undefined;
  return greedy(before) && greedy(after) && before!.seed === after!.seed;
}

/**
 * Whether the `--repeat` runs of one run of `backend` would answer alike, so that repeating adds
 * nothing: it repeats its answers (answersRepeat) and is not a replay, whose run i replays the i-th
 * sample its cassette recorded (samples of a noisy model, each run its own).
 */
export function repeatsWithinRun(backend: string, sampling?: SamplingAsked | null): boolean {
  return baseBackendName(backend) !== 'replay' && answersRepeat(backend, sampling, sampling);
}

/** A run's backend and how it asked it to sample. */
export interface AnsweringSide {
  readonly backend: string;
  readonly sampling?: SamplingAsked | null | undefined;
}

/** Whether every move between two runs is a change (no run-to-run noise): both backends repeat their answers, asked alike. */
export function comparedExactly(baseline: AnsweringSide, current: AnsweringSide): boolean {
  return answersRepeat(baseline.backend, baseline.sampling, current.sampling) && answersRepeat(current.backend, baseline.sampling, current.sampling);
}
