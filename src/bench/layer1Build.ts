import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { classifyLocal } from '../domain/localIntent.js';
import type { parseOffline } from '../domain/offlineParser.js';
import type { initialState, step } from '../domain/orchestrator.js';
import type { OrchestratorState } from '../domain/orchestratorTypes.js';
import type { parseResult } from '../domain/parseResult.js';

/** The Layer-1 functions of one build, as that build compiled them. */
export interface Layer1Build {
  readonly root: string;
  readonly classifyLocal: typeof classifyLocal;
  readonly parseOffline: typeof parseOffline;
  readonly step: typeof step;
  readonly initialState: typeof initialState;
  readonly parseResult: typeof parseResult;
}

/** A --vs directory that is not a usable build: bad input, reported before anything is timed. */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}

/**
 * The compiled modules a build must have, and what each must export. Builds from before `bench
 * --vs` existed have them too (the domain API has kept these names since 2026-11-21).
 */
const MODULES = {
  'dist/domain/localIntent.js': ['classifyLocal'],
  'dist/domain/offlineParser.js': ['parseOffline'],
  'dist/domain/orchestrator.js': ['step', 'initialState'],
  'dist/domain/parseResult.js': ['parseResult'],
} as const;

/** The checkout this code runs from: one level under dist/ (compiled modules or the bundle) or under src/. */
export function runningCheckout(): string {
  return fileURLToPath(new URL('../../', import.meta.url));
}

/** Why `dir` cannot be the baseline build, or undefined when it can. */
export function builtCheckoutProblem(dir: string): string | undefined {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) return `--vs ${dir}: no such directory`;
  const manifest = join(root, 'package.json');
  let name: unknown;
  if (existsSync(manifest)) {
    try {
      name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown } | null)?.name;
    } catch (error) {
      return `--vs ${dir}: ${manifest} cannot be read as JSON (${(error as Error).message}), so it is not a checkout of nlu-harness`;
    }
  }
  if (name !== 'nlu-harness')
    return `--vs ${dir}: not a checkout of nlu-harness (${existsSync(manifest) ? 'its package.json names another package' : 'no package.json'})`;
  const missing = Object.keys(MODULES).filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0)
    return `--vs ${dir}: not built (${missing.join(', ')} missing): run \`npm run build\` there (or \`npx tsc -p tsconfig.json\` in an older checkout)`;
  if (realpathSync(root) === realpathSync(runningCheckout()))
    return `--vs ${dir}: that is the checkout running this command; name another build (a worktree of the base branch)`;
  return undefined;
}

/** Imports a build's compiled Layer-1 modules; a separate directory gives separate module instances. */
export async function loadBuild(dir: string): Promise<Layer1Build> {
  const root = resolve(dir);
  const exports: Record<string, unknown> = {};
  for (const [file, names] of Object.entries(MODULES)) {
    let loaded: Record<string, unknown>;
    try {
      loaded = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    } catch (error) {
      throw new BuildError(`${join(root, file)}: could not be loaded (${(error as Error).message})`);
    }
    for (const name of names) {
      if (typeof loaded[name] !== 'function') throw new BuildError(`${join(root, file)}: exports no function ${name}`);
      exports[name] = loaded[name];
    }
  }
  return { root, ...exports } as unknown as Layer1Build;
}

/** A CONFIRMING state with four pending items, where 「确认第一笔」 is a typical Layer-1 step. */
export function confirmingState(build: Pick<Layer1Build, 'step' | 'initialState' | 'parseResult'>): OrchestratorState {
  const { step, initialState, parseResult } = build;
  let state = step(initialState(), { type: 'start' }, 0).state;
  state = step(state, { type: 'userText', text: '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90' }, 0).state;
  const id = state.inFlight?.id ?? 0;
  const transactions = [
    parseResult({ amount: 60, category: '餐饮', description: '吃饭' }),
    parseResult({ amount: 60, category: '洗浴', description: '洗脚' }),
    parseResult({ amount: 30, category: '红包', type: 'INCOME', description: '抢红包' }),
    parseResult({ amount: 90, category: '工资', type: 'INCOME', description: '工资' }),
  ];
  state = step(state, { type: 'parseSucceeded', id, transactions }, 0).state;
  if (state.phase !== 'CONFIRMING') throw new Error(`bench setup: expected CONFIRMING, got ${state.phase}`);
  return state;
}

/** A loaded build that cannot run the bench's calls is bad input too, found before anything is timed. */
export function checkRuns(build: Layer1Build): void {
  try {
    confirmingState(build);
    build.classifyLocal('确认');
    build.parseOffline('吃饭花了60');
  } catch (error) {
    throw new BuildError(`${build.root}: its Layer-1 modules do not run the bench's calls (${(error as Error).message})`);
  }
}
