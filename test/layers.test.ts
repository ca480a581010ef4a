import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Runs the project's dependency-cruiser config over `src/` of `dir`: exit code and what it printed. */
async function cruise(dir: string, extra: readonly string[] = []): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', ...extra], { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A tiny tree with one file per layer, wired the allowed way; the CLI entry imports them all. */
const ALLOWED: Record<string, string> = {
  'src/domain/vocabulary.ts': "export type Phase = 'IDLE';\n",
  'src/domain/core.ts': "import type { Phase } from './vocabulary.js';\nexport const phase: Phase = 'IDLE';\n",
  'src/llm/backend.ts': 'export const backend = 1;\n',
  'src/gateway/endpoints.ts': "import { phase } from '../domain/core.js';\nexport const endpoint = phase;\n",
  'src/util/files.ts': "import { writeFileSync } from 'node:fs';\nexport const write = writeFileSync;\n",
  'src/datasets/load.ts': "import { phase } from '../domain/core.js';\nimport { write } from '../util/files.js';\nexport const load = [phase, write];\n",
  'src/sim/trace.ts':
    "import { endpoint } from '../gateway/endpoints.js';\nimport { backend } from '../llm/backend.js';\nimport { load } from '../datasets/load.js';\nexport const trace = [endpoint, backend, load];\n",
  'src/sim/runDialogue.ts': "import { trace } from './trace.js';\nexport const run = trace;\n",
  'src/scoring/results.ts': "import type { Phase } from '../domain/vocabulary.js';\nexport type Result = Phase;\n",
  'src/scoring/score.ts':
    "import { trace } from '../sim/trace.js';\nimport type { Result } from './results.js';\nexport const score: Result[] = trace.map(() => 'IDLE');\n",
  'src/scoring/metrics/registry.ts': "import { score } from '../score.js';\nexport const METRICS = [score];\n",
  'src/report/render.ts':
    "import type { Result } from '../scoring/results.js';\nimport { METRICS } from '../scoring/metrics/registry.js';\nexport const render = (r: Result): string => r + METRICS.length;\n",
  'src/eval/evaluate.ts':
    "import { run } from '../sim/runDialogue.js';\nimport { score } from '../scoring/score.js';\nimport type { Result } from '../scoring/results.js';\nexport const evaluate = (): Result[] => [run, score].flat().map(() => 'IDLE');\n",
  'src/cli/main.ts': [
    "import { run } from '../sim/runDialogue.js';",
    "import { score } from '../scoring/score.js';",
    "import { evaluate } from '../eval/evaluate.js';",
    "import { render } from '../report/render.js';",
    'console.log(run, score.map(render), evaluate());',
    '',
  ].join('\n'),
};

/** Cruises a temporary copy of the tiny tree with `injected` lines added, then removes it. */
async function cruiseTree(injected: Record<string, string> = {}, extra: readonly string[] = []): Promise<{ code: number; output: string }> {
  const files = { ...ALLOWED };
  // An injected line goes on top of the file it names, or makes a new file.
  for (const [file, line] of Object.entries(injected)) files[file] = `${line}\n${files[file] ?? 'export {};\n'}`;
  files['tsconfig.json'] = JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } });
  const dir = mkdtempSync(path.join(tmpdir(), 'nlu-layers-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    copyFileSync(path.join(ROOT, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
    return await cruise(dir, extra);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('layers depend one way (docs/architecture.md layer table, enforced by dependency-cruiser)', () => {
  it('the real src/ tree keeps the rules', async () => {
    const { code, output } = await cruise(ROOT);
    expect(output).toMatch(/no dependency violations found/);
    expect(code).toBe(0);
  });

  it('a tree wired the allowed way passes', async () => {
    const { code, output } = await cruiseTree();
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  // [what, file, the line injected on top of it, the rule that must name that file]
  const forbidden: [string, string, string, string][] = [
    ['domain imports llm', 'src/domain/core.ts', "import '../llm/backend.js';", 'domain-imports-only-itself'],
    ['the gateway names an llm type', 'src/gateway/endpoints.ts', "import type { backend } from '../llm/backend.js';", 'gateway-imports-only-domain'],
    ['llm imports domain', 'src/llm/backend.ts', "import '../domain/vocabulary.js';", 'llm-imports-only-itself'],
    ['sim imports scoring', 'src/sim/runDialogue.ts', "import '../scoring/score.js';", 'sim-imports-only-domain-gateway-llm-datasets'],
    ['scoring imports report', 'src/scoring/score.ts', "import '../report/render.js';", 'scoring-imports-only-domain-datasets-sim-trace'],
    ['scoring imports sim beyond the trace', 'src/scoring/results.ts', "import '../sim/runDialogue.js';", 'scoring-imports-only-domain-datasets-sim-trace'],
    ['report imports sim', 'src/report/render.ts', "import '../sim/trace.js';", 'report-imports-only-scoring-results-registries-and-vocabulary'],
    ['a backend entry imports sim', 'src/backends/entry.ts', "import '../sim/trace.js';", 'backends-import-only-llm-reference-oracle'],
    [
      'report imports a metric file, not the registry',
      'src/report/words.ts',
      "import '../scoring/metrics/latency.js';",
      'report-imports-only-scoring-results-registries-and-vocabulary',
    ],
    ['a layer imports cli', 'src/datasets/load.ts', "import '../cli/main.js';", 'nothing-imports-cli'],
    ['report imports eval', 'src/report/render.ts', "import '../eval/evaluate.js';", 'report-imports-only-scoring-results-registries-and-vocabulary'],
    ['sim imports eval', 'src/sim/trace.ts', "import '../eval/evaluate.js';", 'sim-imports-only-domain-gateway-llm-datasets'],
    ['eval imports cli', 'src/eval/evaluate.ts', "import '../cli/main.js';", 'nothing-imports-cli'],
    ['an import cycle', 'src/generate/a.ts', "import './b.js';", 'no-import-cycles'],
    ['a file nothing imports', 'src/generate/unused.ts', '', 'no-orphans'],
    ['a file only tests import', 'src/llm/testOnly.ts', "import { backend } from './backend.js';", 'reachable-from-an-entry'],
    ['domain imports util', 'src/domain/vocabulary.ts', "import '../util/files.js';", 'domain-imports-only-itself'],
    ['util imports a layer', 'src/util/files.ts', "import '../llm/backend.js';", 'util-imports-only-node-built-ins'],
    ['util imports an npm package', 'src/util/files.ts', "import 'yaml';", 'util-imports-only-node-built-ins'],
    ['report/model imports a format', 'src/report/model/shape.ts', "import '../html/page.js';", 'report-model-and-words-import-no-format'],
    ['report opens the history store', 'src/report/console/history.ts', "import '../../history/store.js';", 'report-reads-history-as-types-only'],
    ['the history imports the report', 'src/history/store.ts', "import type { render } from '../report/render.js';", 'history-imports-only-itself'],
    [
      'simulated users import the report',
      'src/users/failures.ts',
      "import type { render } from '../report/render.js';",
      'users-imports-only-domain-generate-llm-sim-reference',
    ],
    ["report runs the users' scoring code", 'src/report/console/summary.ts', "import '../../users/scores.js';", 'report-reads-simulation-scores-as-types-only'],
  ];

  it('fails on each forbidden import injected into it, naming the rule and the importing file', async () => {
    const injected = {
      ...Object.fromEntries(forbidden.map(([, file, line]) => [file, line])),
      'src/generate/b.ts': "import './a.js';",
      'src/scoring/metrics/latency.ts': 'export const latency = 1;',
      'src/report/html/page.ts': 'export const page = 1;',
      'src/users/scores.ts': 'export const scoreSimulation = 1;',
    };
    // The json reporter always exits 0; the exit code is asserted on the text reporter below.
    const { output } = await cruiseTree(injected, ['--output-type', 'json']);
    const violations = (JSON.parse(output) as { summary: { violations: { from: string; rule: { name: string; severity: string } }[] } }).summary.violations;
    const found = violations.filter((v) => v.rule.severity === 'error').map((v) => `${v.rule.name} ${v.from}`);
    for (const [what, file, , rule] of forbidden) expect(found, what).toContain(`${rule} ${file}`);
  });

  it('prints the broken rule on a single injected import', async () => {
    const { code, output } = await cruiseTree({ 'src/gateway/endpoints.ts': "import { backend } from '../llm/backend.js';" });
    expect(output).toContain('error gateway-imports-only-domain: src/gateway/endpoints.ts → src/llm/backend.ts');
    expect(code).toBe(1);
  });

  it('npm test runs the check (through npm run lint, beside ESLint)', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['lint:deps']).toContain('depcruise src --config .dependency-cruiser.cjs');
    expect(scripts['lint']).toContain('eslint src');
    expect(scripts['lint']).toContain('npm run lint:deps');
    expect(scripts.test).toContain('npm run lint');
  });
});
