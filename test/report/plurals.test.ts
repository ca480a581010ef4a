import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inLang } from '../../src/report/words/labels.js';
import { simulationWord } from '../../src/report/words/simulationLabels.js';
import { commandLine } from '../../src/report/console/commandWords.js';

const WORDS_DIRS = ['src/report/words', 'src/report/console'];

describe('English words agree with their count', () => {
  it('{0:one|many} picks the singular for 1 and the plural otherwise, in English only', () => {
    const pair = ['{0} {0:user|users} broke, {1} {1:run|runs}', '{0} 位用户，{1} 次'] as const;
    expect(inLang('en', pair, 1, 3)).toBe('1 user broke, 3 runs');
    expect(inLang('en', pair, 0, 1)).toBe('0 users broke, 1 run');
    expect(inLang('zh', pair, 1, 1)).toBe('1 位用户，1 次');
  });

  it('the simulate comparison and the compare console say "1 user", "2 regressions", never "(s)"', () => {
    expect(simulationWord('en', 'cmpFlips', 'task success 50.0% → 40.0%', 1, 0)).toBe('task success 50.0% → 40.0%; 1 user broke, 0 fixed');
    expect(simulationWord('en', 'usersBroke', 1, '7')).toBe('1 user no longer reaches the goal: 7');
    expect(simulationWord('en', 'usersBroke', 3, '7, 8, 9')).toBe('3 users no longer reach the goal: 7, 8, 9');
    expect(commandLine('en', 'gateFail', 2)).toBe('gate: FAIL (2 regressions)');
  });

  it('no word table of the shared words or the consoles writes "(s)"', () => {
    for (const dir of WORDS_DIRS) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        expect(text, `${dir}/${file}`).not.toMatch(/\{\d\}[^'\n]*?[a-z]\(s\)/);
      }
    }
  });
});
