import { appendFileSync, cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, type CliResult } from '../support/cli.js';
import { dataWords, htmlText, junitText, latinWords, markdownText, withoutTranscriptValues } from '../support/latinWords.js';

/**
 * Issue 40, item 5: "`--lang zh` complete for run, compare, simulate and simulate compare,
 * console included; a test scans every zh output for Latin words outside a short allow-list".
 * Every output a user reads is produced in Chinese by the fast backends (the heuristic model, made
 * noisy by --perturb for the worse side) and scanned; each English word left is printed in its line.
 */

const DATASETS = ['--dataset', 'datasets/model/append.yaml', '--dataset', 'datasets/model/split.yaml'];
const WORSE = ['--perturb', 'drop=0.2,intent=0.1'];

/** The closing line CI tools parse for a count stays as it is in every language (README). */
const MACHINE_LINE = /^dialogues: \d+ passed, \d+ failed$/;

let dir: string;
let data: Set<string>;
/** The gated run's console in English: the scan must find its words. */
let english: string;
const consoles = new Map<string, string>();
/** What each command wrote to stderr: the progress lines a log gets. */
const progressLines = new Map<string, string>();

function run(name: string, args: readonly string[]): CliResult {
  const result = cli([...args, '--lang', 'zh']);
  if (result.status !== 0 && result.status !== 1) throw new Error(`${name}: exit ${result.status}\n${result.stderr}`);
  consoles.set(name, result.stdout);
  progressLines.set(name, result.stderr);
  return result;
}

beforeAll(() => {
  dir = tempDir('zh-complete-');
  const history = join(dir, 'history.sqlite');
  const at = (name: string) => join(dir, name);
  const runArgs = (out: string, ...extra: string[]) => [
    'run',
    '--llm',
    'heuristic',
    ...DATASETS,
    '--no-progress',
    '--history',
    history,
    '--out',
    at(out),
    ...extra,
  ];
  run('run baseline', runArgs('base', '--update-baseline', '--baseline', at('base.json')));
  run('run gated', runArgs('gate1', ...WORSE, '--baseline', at('base.json')));
  run('run --repeat 2 baseline', runArgs('base2', '--repeat', '2', '--update-baseline', '--baseline', at('base2.json')));
  run('run --repeat 2 gated', runArgs('gate2', '--repeat', '2', ...WORSE, '--baseline', at('base2.json')));
  run('run --sequential', runArgs('seq', ...WORSE, '--baseline', at('base.json'), '--sequential'));
  run('run --protocol both', ['run', '--protocol', 'both', '--no-progress', '--no-history', '--out', at('both')]);
  run('run --mode gold', runArgs('gold', '--mode', 'gold'));
  run('run with progress', ['run', '--llm', 'heuristic', '--dataset', 'datasets/model/split.yaml', '--no-history', '--out', at('progress')]);
  run('simulate with progress', ['simulate', '--users', '10', '--progress', '--no-history', '--out', at('simProgress')]);
  run('run --shard 1/2', runArgs('shard1', ...WORSE, '--shard', '1/2'));
  run('run --shard 2/2', runArgs('shard2', ...WORSE, '--shard', '2/2'));
  run('merge', ['merge', at('shard1/report.json'), at('shard2/report.json'), '--baseline', at('base.json'), '--out', at('merged')]);
  run('compare', ['compare', at('base2/report.json'), at('gate2/report.json'), '--out', at('cmp')]);
  run('compare single runs', ['compare', at('base/report.json'), at('gate1/report.json'), '--out', at('cmp1')]);
  const simulate = (out: string, ...extra: string[]) => ['simulate', '--users', '20', '--history', history, '--out', at(out), ...extra];
  run('simulate', simulate('simA'));
  run('simulate worse', simulate('simB', '--perturb', 'drop=0.3', '--repeat', '2'));
  run('simulate compare', ['compare', at('simA/report.json'), at('simB/report.json'), '--out', at('simcmp')]);
  run('history', ['history', '--history', history]);
  // A baseline of a dataset that was then edited (one dialogue removed): the gate's warnings.
  const suite = at('suite.yaml');
  const original = readFileSync(join(ROOT, 'datasets/model/split.yaml'), 'utf8');
  writeFileSync(suite, original);
  const edited = (out: string, ...extra: string[]) => [
    'run',
    '--llm',
    'heuristic',
    '--dataset',
    suite,
    '--no-progress',
    '--no-history',
    '--out',
    at(out),
    ...extra,
  ];
  run('run edited baseline', edited('editedBase', '--update-baseline', '--baseline', at('edited.json')));
  writeFileSync(suite, original.replace(/- id: model-split-001[\s\S]*?(?=- id: model-split-002)/, ''));
  run('run on an edited dataset', edited('edited', '--baseline', at('edited.json')));
  run('compare on an edited dataset', ['compare', at('edited.json'), at('edited/report.json')]);
  // An edited prompt the heuristic model cannot read: the gate's not-judged note.
  cpSync(join(ROOT, 'prompts'), at('prompts'), { recursive: true });
  appendFileSync(at('prompts/transaction-parse.txt'), '\n# 改过一行\n');
  run('run with an edited prompt', runArgs('prompt', '--prompts', at('prompts'), '--baseline', at('base.json')));
  data = allData();
  english = cli([
    'run',
    '--llm',
    'heuristic',
    ...DATASETS,
    ...WORSE,
    '--no-progress',
    '--no-history',
    '--out',
    at('english'),
    '--baseline',
    at('base.json'),
  ]).stdout;
}, 180_000);

/** Every page a run of the set wrote (report.json is data). */
function pages(out: string): string[] {
  return readdirSync(join(dir, out))
    .filter((file) => !file.endsWith('.json'))
    .map((file) => join(out, file));
}

function readable(file: string): string {
  const text = readFileSync(join(dir, file), 'utf8');
  if (file.endsWith('.xml')) return junitText(text);
  return file.endsWith('.html') ? htmlText(withoutTranscriptValues(text)) : markdownText(text);
}

/** The data of every report written (ids, titles, tags, files, what users said): it stays as written. */
function allData(): Set<string> {
  const words = new Set<string>();
  for (const out of readdirSync(dir)) {
    const file = join(dir, out, 'report.json');
    if (existsSync(file)) for (const word of dataWords(JSON.parse(readFileSync(file, 'utf8')))) words.add(word);
  }
  return words;
}

function englishIn(text: string): string[] {
  const lines = text.split('\n').filter((line) => !MACHINE_LINE.test(line.trim()));
  return latinWords(lines.join('\n'), data).map(({ word, context }) => `${word}  ←  ${context}`);
}

describe('the scan for English', () => {
  it('finds the words of an English console and lets data, ids, codes and units through', () => {
    const words = englishIn(english).map((line) => line.split('  ←  ')[0]);
    expect(words).toEqual(expect.arrayContaining(['FAILED', 'dialogues', 'turns', 'Regressions', 'against', 'Reports']));
    const line =
      '第 2 轮 「漏了一个 停车费 ok」 model-append-003 datasets/model/append.yaml · batch: amount 期望 "INCOME"，实际 "EXPENSE" · -2.6 pp · 120 ms · `nlu-harness run --lang zh`';
    expect(latinWords(line)).toEqual([]);
    expect(latinWords('门禁 could be chance').map((w) => w.word)).toEqual(['could', 'be', 'chance']);
  });
});

describe('--lang zh: no English left (issue 40, item 5)', () => {
  it.each([
    'run baseline',
    'run gated',
    'run --repeat 2 baseline',
    'run --repeat 2 gated',
    'run --sequential',
    'run --protocol both',
    'run --mode gold',
    'run --shard 1/2',
    'merge',
    'compare',
    'compare single runs',
    'simulate',
    'simulate worse',
    'simulate compare',
    'history',
    'run on an edited dataset',
    'compare on an edited dataset',
    'run with an edited prompt',
  ])('console of %s', (name) => {
    const text = consoles.get(name)!;
    expect(text.length).toBeGreaterThan(30);
    expect([...new Set(englishIn(text))]).toEqual([]);
  });

  it.each(['run with progress', 'simulate with progress'])('progress lines of %s', (name) => {
    const text = progressLines.get(name)!;
    expect(text).toContain('进度');
    expect([...new Set(englishIn(text))]).toEqual([]);
  });

  it("says the gate's warnings in Chinese", () => {
    for (const name of ['run on an edited dataset', 'compare on an edited dataset']) {
      expect(consoles.get(name)).toContain('基线运行的数据集内容不同');
      expect(consoles.get(name)).toContain('段本次没有运行');
    }
    expect(readFileSync(join(dir, 'edited/report.md'), 'utf8')).toContain('基线运行的数据集内容不同');
    expect(consoles.get('run with an edited prompt')).toContain('后端不读提示词');
  });

  it.each(['base', 'gate1', 'base2', 'gate2', 'seq', 'both', 'gold', 'merged', 'cmp', 'cmp1', 'simA', 'simB', 'simcmp', 'edited', 'prompt'])(
    'report files of %s',
    (out) => {
      const files = pages(out);
      expect(files.length).toBeGreaterThan(1);
      const english = files.flatMap((file) => englishIn(readable(file)).map((line) => `${file}: ${line}`));
      expect([...new Set(english)]).toEqual([]);
    },
  );
});
