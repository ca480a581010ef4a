import { afterEach, describe, expect, it, vi } from 'vitest';
import yargs from 'yargs';
import { validateCommand, validateDatasets } from '../../src/cli/validateCommand.js';
import { tempDir } from './tempFiles.js';

function run(patterns: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = validateDatasets(patterns, { write: (t: string) => (out += t) }, { write: (t: string) => (err += t) });
  return { code, out, err };
}

describe('validate command', () => {
  it('prints one ok line per file and exits 0', () => {
    const dir = tempDir({
      'a.yaml': '- id: a\n  turns:\n    - user: 吃饭60\n    - tap: confirm\n- id: b\n  turns: [{advanceMs: 1000}]\n',
      'b.csv': 'text,amounts,types,categories\n吃饭60,60,EXPENSE,餐饮\n打车30,30,EXPENSE,交通\n',
    });
    expect(run([dir])).toEqual({
      code: 0,
      out: `ok  ${dir}/a.yaml  (2 dialogues, 3 turns)\nok  ${dir}/b.csv  (2 dialogues, 2 turns)\n`,
      err: '',
    });
  });

  it('prints every issue as file:line:col: message on stderr and exits 2', () => {
    const dir = tempDir({
      'bad.yaml': '- id: a\n  turns:\n    - user: 你好\n      expect: {route: remote, ttsInclude: []}\n',
    });
    expect(run([`${dir}/*.yaml`, `${dir}/nothing`])).toEqual({
      code: 2,
      out: '',
      err: [
        `${dir}/nothing: no such file or directory`,
        `${dir}/bad.yaml:4:23: turns[0].expect.route: must be one of local, llm, fallback, offline, none (got "remote")`,
        `${dir}/bad.yaml:4:31: turns[0].expect.ttsInclude: unknown field (did you mean "ttsIncludes"?)`,
        '3 problem(s) in 2 file(s)',
        '',
      ].join('\n'),
    });
  });

  describe('through yargs', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      process.exitCode = undefined;
    });

    it('takes several files and globs and sets the exit code', async () => {
      const dir = tempDir({ 'a.yaml': '- id: a\n  turns: [{tap: cancel}]\n', 'b.yml': '- id: b\n  turns: [{tap: confirm}]\n' });
      const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      await yargs().command(validateCommand).strict().parseAsync(['validate', `${dir}/a.yaml`, `${dir}/*.yml`]);
      expect(process.exitCode).toBe(0);
      expect(out.mock.calls.map(([text]) => String(text))).toEqual([
        `ok  ${dir}/a.yaml  (1 dialogues, 1 turns)\n`,
        `ok  ${dir}/b.yml  (1 dialogues, 1 turns)\n`,
      ]);
      expect(err).not.toHaveBeenCalled();

      await yargs().command(validateCommand).parseAsync(['validate', `${dir}/none.yaml`]);
      expect(process.exitCode).toBe(2);
      expect(err.mock.calls[0]?.[0]).toBe(`${dir}/none.yaml: no such file or directory\n`);
    });
  });
});
