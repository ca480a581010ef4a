import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { promptsDirectory, TEMPLATE_FILES } from '../gateway/promptTemplates.js';
import { sha256OfFile } from '../llm/fileHash.js';
import type { DigestSection, Provenance, Sampling } from '../report/model/reportTypes.js';
import { childEnvironment } from '../sim/childEnvironment.js';

/**
 * What produced a report, so a baseline can say what it measured: the sha256 of every prompt and
 * dataset file, the backend, model and base URL (never a key: the URL is stripped of credentials
 * and query), the repeat count and the git commit when there is one.
 */
export async function collectProvenance(input: {
  readonly datasets: readonly string[];
  readonly backend: string;
  readonly model: string;
  readonly baseUrl?: string;
  readonly repeat: number;
  readonly perturb?: unknown;
  /** A model over HTTP: the temperature and seed it was asked to sample with. */
  readonly sampling?: Sampling;
  /** From readGitState() (or readGitProvenance(), which also says why there is no commit), started when the run starts so git runs while the suite does. */
  readonly git: Promise<GitState | null | GitProvenance>;
  /** Hashes already taken (a run hashes its files in the pass that counts them); the rest are read here. */
  readonly datasetHashes?: Readonly<Record<string, string>>;
  /** Each selected dialogue's content digest, by id. */
  readonly dialogues?: DigestSection;
  /** The run's today (--today, else the default): the prompts name it, so it is part of what produced the run. */
  readonly today?: string;
}): Promise<Provenance> {
  const prompts: Record<string, string> = {};
  const promptLines: Record<string, string[]> = {};
  const promptText: Record<string, string> = {};
  for (const file of Object.values(TEMPLATE_FILES)) {
    const path = join(promptsDirectory(), file);
    const bytes = readFileSync(path);
    const name = relative(process.cwd(), path) || file;
    prompts[name] = createHash('sha256').update(bytes).digest('hex');
    promptLines[name] = lineHashes(bytes.toString('utf8'));
    promptText[name] = bytes.toString('utf8');
  }
  const datasets: Record<string, string> = {};
  for (const file of input.datasets) datasets[file] = input.datasetHashes?.[file] ?? (await sha256OfFile(file));
  return {
    prompts,
    datasets,
    backend: input.backend,
    model: input.model,
    ...(input.baseUrl ? { baseUrl: withoutCredentials(input.baseUrl) } : {}),
    repeat: input.repeat,
    ...(input.perturb ? { perturb: input.perturb } : {}),
    ...gitFields(await input.git),
    promptLines,
    promptText,
    ...(input.sampling ? { sampling: input.sampling } : {}),
    ...(input.dialogues ? { dialogues: input.dialogues } : {}),
    ...(input.today ? { today: input.today } : {}),
  };
}

/** Hex digits kept of each line's sha256: enough to tell lines apart, little enough to keep in every report. */
const LINE_HASH_CHARS = 12;

/** A short hash per line: a later run counts changed lines against them without the prompt text being kept. */
export function lineHashes(text: string): string[] {
  return text.split(/\r?\n/).map((line) => createHash('sha256').update(line).digest('hex').slice(0, LINE_HASH_CHARS));
}

export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

type GitState = NonNullable<Provenance['git']>;

/** The commit checked out and whether tracked files differ from it; null outside a git checkout. */
export async function readGitState(cwd?: string): Promise<GitState | null> {
  return (await readGitProvenance(cwd)).git;
}

/** The git state, and when there is none, why: what `provenance.noGit` says. */
export interface GitProvenance {
  readonly git: GitState | null;
  readonly noGit?: NonNullable<Provenance['noGit']>;
}

export async function readGitProvenance(cwd?: string): Promise<GitProvenance> {
  // One process for both facts (each start of git costs the run a few ms of its own thread):
  // `# branch.oid` is the commit, any line not starting with `#` a tracked file that changed.
  const status = await new Promise<{ stdout: string } | { missing: boolean }>((resolve) =>
    execFile(
      'git',
      ['status', '--porcelain=v2', '--branch', '--untracked-files=no'],
      { encoding: 'utf8', timeout: 5000, env: childEnvironment(process.env, (name) => name.startsWith('GIT_')), ...(cwd ? { cwd } : {}) },
      (error, stdout) => resolve(error ? { missing: (error as NodeJS.ErrnoException).code === 'ENOENT' } : { stdout }),
    ),
  );
  if (!('stdout' in status)) return { git: null, noGit: status.missing ? 'gitNotInstalled' : 'notACheckout' };
  const commit = /^# branch\.oid ([0-9a-f]{40,64})$/m.exec(status.stdout)?.[1];
  if (commit === undefined) return { git: null, noGit: 'noCommit' };
  return { git: { commit, dirty: status.stdout.split('\n').some((line) => line !== '' && !line.startsWith('#')) } };
}

function gitFields(state: GitState | null | GitProvenance): Pick<Provenance, 'git' | 'noGit'> {
  if (state === null || !('git' in state)) return { git: state };
  return { git: state.git, ...(state.noGit ? { noGit: state.noGit } : {}) };
}

/** Dataset files whose contents differ between two provenances (changed, added or gone). */
export function changedDatasets(before: Provenance | undefined, after: Provenance | undefined): string[] {
  return changedFiles(before?.datasets, after?.datasets);
}

/** The prompt files whose contents differ between two runs. */
export function changedPrompts(before: Provenance | undefined, after: Provenance | undefined): string[] {
  return changedFiles(byTemplate(before?.prompts), byTemplate(after?.prompts));
}

/**
 * A provenance's prompt records keyed by template file name: a run with `--prompts DIR` names its
 * files by another folder, and the same template must be compared with the same template.
 */
export function byTemplate<T>(records: Readonly<Record<string, T>> | undefined): Record<string, T> | undefined {
  if (!records) return undefined;
  return Object.fromEntries(Object.entries(records).map(([path, value]) => [basename(path), value]));
}

function changedFiles(before: Readonly<Record<string, string>> | undefined, after: Readonly<Record<string, string>> | undefined): string[] {
  if (!before || !after) return [];
  const files = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...files].filter((file) => before[file] !== after[file]).sort();
}
