import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { expectRejected, expectUntouched, oneTurn, workspace } from './workspace.js';

// Issue 23: every numeric option is bounded before the command does any work. These used to be
// exit 3 after the whole (possibly paid) run, silently disable the gate (--alpha 0), or run for
// minutes (--resamples 1e7).
const RUN_CASES: Array<[string[], RegExp]> = [
  [['--alpha', '5'], /--alpha takes a number above 0 and up to 0\.5, got 5/],
  [['--alpha', 'abc'], /--alpha takes a number above 0 and up to 0\.5, got NaN/],
  [['--alpha', '-1'], /--alpha takes .* got -1/],
  [['--alpha', '0'], /--alpha takes a number above 0 .* got 0/],
  [['--resamples', '0'], /--resamples takes a whole number from 100 to 10000, got 0/],
  [['--resamples', 'abc'], /--resamples takes .* got NaN/],
  [['--resamples', '1e7'], /--resamples takes .* got 10000000/],
  [['--repeat', '1e9'], /--repeat takes a whole number from 1 to 1000/],
  [['--concurrency', '1e6'], /--concurrency takes a whole number from 1 to 256/],
  [['--tolerance', 'NaN'], /--tolerance takes a number from 0 to 1, got NaN/],
  [['--seed', '1.5'], /--seed takes a whole number from 0 to 4294967295, got 1\.5/],
  [['--seed', '1', '--seed', '2'], /--seed given more than once/],
  [['--sut-timeout', '0', '--sut', 'true'], /--sut-timeout takes a whole number from 1 to 600000/],
];

const OTHER_CASES: Array<[string[], RegExp]> = [
  [['simulate', '--users', '1e9', '--no-history'], /--users takes a whole number from 1 to 1000000, got 1000000000/],
  [['serve-llm', '--port', '-1'], /--port takes a whole number from 0 to 65535, got -1/],
  [['serve-llm', '--port', '70000'], /--port takes .* got 70000/],
  [['serve-llm', '--port', 'abc'], /--port takes .* got NaN/],
  [['serve-llm', '--port', '1.5'], /--port takes .* got 1\.5/],
  [['serve-llm', '--latency-ms', '-5'], /--latency-ms takes .* got -5/],
  [['compare', '--alpha', '0', 'a.json', 'b.json'], /--alpha takes .* got 0/],
  [['merge', '--tolerance', '2', 'a.json'], /--tolerance takes a number from 0 to 1, got 2/],
  [['generate', '--count', '1e9', '--out', '/nonexistent/x.yaml'], /--count takes a whole number from 1 to 10000000/],
  [['history', '--limit', '0'], /--limit takes a whole number from 1 to 100000, got 0/],
];

describe('numeric options out of bounds: exit 2 before anything runs', () => {
  for (const [args, where] of RUN_CASES) {
    it(`run ${args.join(' ')}`, () => {
      const ws = workspace({ 'd.yaml': oneTurn('p1') });
      expectRejected(cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out, '--db', ws.db, ...args]), where);
      expectUntouched(ws);
    });
  }
  for (const [args, where] of OTHER_CASES) {
    it(args.join(' '), () => {
      const result = cli(args);
      expectRejected(result, where);
      expect(result.stdout).toBe('');
    });
  }
});
