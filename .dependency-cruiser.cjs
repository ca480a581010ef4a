/**
 * The layer table of docs/architecture.md as rules: each layer may import only the layers
 * listed for it (npm packages and node built-ins are not layers and stay allowed).
 * `npm run lint:deps` checks src/; test/layers.test.ts proves a forbidden import fails it.
 */
const layer = (name) => `^src/${name}/`;
/** Files the product starts from: the CLI, the bench's worker-thread entry (loaded by path, not imported), and what scripts/ load. */
const ENTRIES = [
  '^src/cli/main\\.ts$',
  '^src/bench/isolateWorker\\.ts$',
  // Imported (as dist/generate/toDialogue.js) by scripts/throughput.mjs and scripts/vs-promptfoo.mjs, which the cruise does not read.
  '^src/generate/toDialogue\\.ts$',
];
/** Everything under src/ outside the given folders. */
const outside = (...names) => `^src/(?!(?:${names.join('|')})/)`;

/** [folder, folders it may import besides itself, why] */
const LAYERS = [
  ['domain', [], 'the core under test imports nothing outside domain/'],
  ['gateway', ['domain'], 'the gateway is handed a completion function; it never imports llm/'],
  ['llm', [], 'chat backends know nothing of the domain or the gateway'],
  ['datasets', ['domain'], 'datasets are loaded and validated against domain types only'],
  ['sim', ['domain', 'gateway', 'llm', 'datasets'], 'sim produces traces; scoring and the report model happen in eval'],
  // Not in the table: decided here. generate writes datasets from a model of the domain;
  // reference is a rule-based chat backend built from the domain's offline parser;
  // bench measures the domain, the gateway's prompts and dataset loading.
  ['generate', ['domain', 'datasets'], 'the dataset generator needs only domain wording and dataset types'],
  ['reference', ['domain', 'llm'], 'the reference model is a chat backend over the domain parser'],
  ['bench', ['domain', 'datasets', 'gateway', 'llm', 'scoring'], 'benchmarks measure layers (scoring lends its paired bootstrap), they do not run the CLI'],
  // simulated users drive sim sessions from goals (generate's vocabulary); the speech guard hears a
  // model-written line with the reference parser (issue 46); their report model is built in eval
  ['users', ['domain', 'generate', 'llm', 'sim', 'reference'], 'simulated users act on what a sim session shows; they never reach the report or the CLI'],
  ['history', [], 'the run history stores and reads rows (SQLite); eval says what a run records, the report shows what it reads'],
  // eval owns a run from datasets and traces to the verdict; the CLI parses flags, builds the model and SUT parts, and writes what eval returns
  [
    'eval',
    ['domain', 'datasets', 'gateway', 'llm', 'backends', 'sim', 'scoring', 'report', 'users', 'history'],
    "eval drives sim and simulated users, scores, builds the report model (a run's and a simulation's), records it in the history and judges it against a baseline; it never parses flags or renders a report",
  ],
  ['formats', ['report'], 'the report formats of every document (run, simulate, compare, conformance) and the set writer'],
];

/**
 * util/ (atomic files, file sets, output-path checks, seeded random numbers) is open to every
 * layer but domain/, the core under test, which needs none of it; util/ imports only node built-ins.
 */
const shared = (name) => (name === 'domain' ? [] : ['util']);

const layerRules = LAYERS.map(([name, allowed, comment]) => ({
  name: `${name}-imports-only-${allowed.length ? allowed.join('-') : 'itself'}`,
  comment,
  severity: 'error',
  from: { path: layer(name) },
  to: { path: outside(name, ...allowed, ...shared(name)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'scoring-imports-only-domain-datasets-sim-trace',
      comment: 'scoring works on traces: of sim/ it may import only the trace types',
      severity: 'error',
      from: { path: layer('scoring') },
      to: { path: outside('scoring', 'domain', 'datasets', 'util'), pathNot: '^src/sim/trace\\.ts$' },
    },
    {
      name: 'report-imports-only-scoring-results-registries-and-vocabulary',
      comment:
        "renderers read scoring result types (and the simulated users' score types), the metrics' words and order (their registry), what a backend measures (the backend registry, looked up by the name a report stores), the domain vocabulary and the history's row types; they never run or score",
      severity: 'error',
      from: { path: layer('report') },
      to: {
        path: outside('report', 'util'),
        pathNot: [
          '^src/scoring/results\\.ts$',
          '^src/users/scores\\.ts$',
          '^src/scoring/metrics/registry\\.ts$',
          '^src/backends/registry\\.ts$',
          '^src/domain/vocabulary\\.ts$',
          '^src/history/historyQueries\\.ts$',
        ],
      },
    },
    {
      name: 'report-reads-history-as-types-only',
      comment: 'the history sits below the report: a renderer reads what a history query returns (its types), never opens or writes the store',
      severity: 'error',
      from: { path: layer('report') },
      to: { path: layer('history'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'report-reads-simulation-scores-as-types-only',
      comment:
        "a simulate report holds the users' scores as scoring/results.ts holds a run's: renderers read their types, never the scoring code that makes them",
      severity: 'error',
      from: { path: layer('report') },
      to: { path: '^src/users/scores\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'report-model-and-words-import-no-format',
      comment: 'report/model and report/words are what every format shares: they import none of the formats (html, markdown, json, junit, console)',
      severity: 'error',
      from: { path: '^src/report/(model|words)/' },
      to: { path: '^src/report/(html|markdown|json|junit|console)/' },
    },
    {
      name: 'backends-import-only-llm-reference-oracle',
      comment: "a backend entry says what a chat backend is and makes it: one of llm/, reference/ or the simulated users' oracle; it runs nothing",
      severity: 'error',
      from: { path: layer('backends') },
      to: { path: outside('backends', 'llm', 'reference', 'util'), pathNot: '^src/users/oracleBackend\\.ts$' },
    },
    {
      name: 'util-imports-only-node-built-ins',
      comment: 'shared utilities any layer may import: they import node built-ins and each other, nothing else',
      severity: 'error',
      from: { path: layer('util') },
      to: { pathNot: layer('util'), dependencyTypesNot: ['core'] },
    },
    {
      name: 'nothing-imports-cli',
      comment: 'cli wires every layer and sits on top: no layer reaches up into it',
      severity: 'error',
      from: { path: outside('cli') },
      to: { path: layer('cli') },
    },
    {
      name: 'no-import-cycles',
      comment: 'layers depend one way, and so do the files inside a layer',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: "a file nothing imports is dead (the CLI entry point and the bench's worker-thread entry excepted)",
      severity: 'error',
      from: { orphan: true, pathNot: [...ENTRIES, '\\.d\\.ts$'] },
      to: {},
    },
    {
      name: 'reachable-from-an-entry',
      comment: 'a file the CLI (or the bench worker) never reaches is dead, even when tests import it',
      severity: 'error',
      from: { path: ENTRIES },
      to: { path: '^src/', pathNot: [...ENTRIES, '\\.d\\.ts$'], reachable: false },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a layer may not even name another's types.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve package subpaths (csv-parse/sync) through their "exports" maps, as Node does.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
