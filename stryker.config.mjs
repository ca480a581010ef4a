// Mutation testing of the domain logic that Layer-1 rule and orchestrator changes touch, measured
// by the suite the CI gate runs: a mutant is killed when the bundled datasets, gated on the
// committed baseline, no longer pass (any non-zero exit). The bin runs the compiled dist/, so the
// compiled JavaScript is mutated (`npm run mutate` compiles first); the unit tests play no part.

/**
 * Domain files mutated: the transition table, its actions and session mechanics, DraftBatch, the
 * correction protocol, the Layer-1 classifier, the offline parser and corrector, the TTS sentences.
 */
const DOMAIN_FILES = [
  'orchestrator',
  'transitionTable',
  'batchActions',
  'session',
  'draftBatch',
  'correctionProtocol',
  'localIntent',
  'offlineCorrector',
  'offlineParser',
  'speech',
];

// Each run gets its own report folder: concurrent runs share one sandbox.
const GATE = [
  'out=$(mktemp -d)',
  'node bin/nlu-harness.js run --no-progress --out "$out" --baseline reports/baseline.json > "$out/console.txt" 2>&1',
  'code=$?',
  'rm -rf "$out"',
  'exit $code',
].join('; ');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  commandRunner: { command: GATE },
  coverageAnalysis: 'off',
  mutate: DOMAIN_FILES.map((name) => `dist/domain/${name}.js`),
  ignorePatterns: ['/dist/bundle', '/reports/*', '!/reports/baseline.json', '/test', '/promptfoo', '/.promptfoo', '/src', '/scripts'],
  concurrency: 2,
  timeoutMS: 8000,
  timeoutFactor: 1.5,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: 'reports/stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 90, low: 75, break: null },
};
