import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/datasets/datasetFile.js';
import { DatasetError, type DatasetIssue } from '../../src/datasets/datasetTypes.js';
import { loadYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { tempFile } from './tempFiles.js';

function yaml(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

function issuesOf(file: string): DatasetIssue[] {
  try {
    loadYamlDataset(file);
  } catch (error) {
    if (error instanceof DatasetError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a DatasetError');
}

/** `line:col: message` of each issue, for compact assertions. */
function located(file: string): string[] {
  return issuesOf(file).map((i) => `${i.line}:${i.col}: ${i.message}`);
}

const VALID = yaml(
  '- id: batch-targeted-correction',
  '  title: 多笔定点纠正',
  '  tags: [batch, correction]',
  '  turns:',
  '    - user: 吃饭花了60，打车30',
  '      llm:',
  '        parse: {transactions: [{amount: 60, type: EXPENSE, category: 餐饮, description: 吃饭},',
  '                               {amount: 30, type: EXPENSE, category: 交通, description: 打车}]}',
  '        latencyMs: 350',
  '      expect:',
  '        state: CONFIRMING',
  '        route: llm',
  '        batch: [{amount: 60, status: pending}, {amount: 30}]',
  '        tts: ["识别到2笔交易"]',
  '    - user: 第一笔改成50',
  '      network: online',
  '      llm:',
  '        correct: {corrections: [{index: 0, updatedFields: {amount: 50}}], intent: correction, confidence: 0.92}',
  '      expect:',
  '        llmRequest: {correctionText: 第一笔改成50, currentBatch: [{index: 0, amount: 60}]}',
  '        batch: [{index: 0, amount: 50}, {amount: 30, category: null}]',
  '    - tap: confirm',
  '      store: {fail: true}',
  '      expect: {state: CONFIRMING, ttsIncludes: ["保存失败"], saved: []}',
  '- id: offline-timeout',
  '  network: offline',
  '  turns:',
  '    - user: 打车30',
  '      llm: {fault: timeout, latencyMs: 3000}',
  '      expect: {route: offline, batch: null}',
  '    - advanceMs: 180000',
  '      llm: {raw: "not json"}',
  '      expect: {state: IDLE, route: local, intent: exit}',
);

describe('loadYamlDataset: normalisation', () => {
  it('turns a valid file into the exact normalised dialogues', () => {
    const file = tempFile('valid.yaml', VALID);
    expect(loadYamlDataset(file)).toStrictEqual([
      {
        id: 'batch-targeted-correction',
        title: '多笔定点纠正',
        tags: ['batch', 'correction'],
        network: 'online',
        file,
        line: 1,
        turns: [
          {
            line: 5,
            user: '吃饭花了60，打车30',
            llm: {
              parse: {
                json: {
                  transactions: [
                    { amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭' },
                    { amount: 30, type: 'EXPENSE', category: '交通', description: '打车' },
                  ],
                },
                latencyMs: 350,
              },
            },
            expect: {
              state: 'CONFIRMING',
              route: 'llm',
              batch: [{ amount: 60, status: 'pending' }, { amount: 30 }],
              tts: ['识别到2笔交易'],
            },
          },
          {
            line: 15,
            user: '第一笔改成50',
            network: 'online',
            llm: {
              correct: {
                json: { corrections: [{ index: 0, updatedFields: { amount: 50 } }], intent: 'correction', confidence: 0.92 },
              },
            },
            expect: {
              llmRequest: { correctionText: '第一笔改成50', currentBatch: [{ index: 0, amount: 60 }] },
              batch: [{ index: 0, amount: 50 }, { amount: 30, category: null }],
            },
          },
          {
            line: 22,
            tap: 'confirm',
            store: { fail: true },
            expect: { state: 'CONFIRMING', ttsIncludes: ['保存失败'], saved: [] },
          },
        ],
      },
      {
        id: 'offline-timeout',
        title: 'offline-timeout',
        tags: [],
        network: 'offline',
        file,
        line: 25,
        turns: [
          {
            line: 28,
            user: '打车30',
            llm: { any: { fault: 'timeout', latencyMs: 3000 } },
            expect: { route: 'offline', batch: null },
          },
          {
            line: 31,
            advanceMs: 180000,
            llm: { any: { raw: 'not json' } },
            expect: { state: 'IDLE', route: 'local', intent: 'exit' },
          },
        ],
      },
    ]);
  });

  it('shows paths inside the working directory relative to it, others as given', () => {
    expect(displayPath(path.join(process.cwd(), 'datasets', 'a.yaml'))).toBe('datasets/a.yaml');
    expect(displayPath('./datasets/a.yaml')).toBe('datasets/a.yaml');
    expect(displayPath('/elsewhere/a.yaml')).toBe('/elsewhere/a.yaml');
  });
});

describe('loadYamlDataset: schema violations', () => {
  it('locates a bad enum value at its value and names the field path', () => {
    const file = tempFile(
      'route.yaml',
      yaml(
        '- id: a', //
        '  title: t',
        '  turns:',
        '    - user: 你好',
        '      expect:',
        '        state: IDLE',
        '        route: remote',
      ),
    );
    const [issue, ...more] = issuesOf(file);
    expect(more).toEqual([]);
    expect(issue).toEqual({
      file,
      line: 7,
      col: 16,
      message: 'turns[0].expect.route: must be one of local, llm, fallback, offline, none (got "remote")',
    });
    expect(String(new DatasetError([issue!]).message)).toBe(`${file}:7:16: ${issue!.message}`);
  });

  it('suggests the near value of an enum', () => {
    const file = tempFile('tap.yaml', yaml('- id: a', '  turns:', '    - tap: Confirm'));
    expect(located(file)).toEqual(['3:12: turns[0].tap: must be one of confirm, cancel (got "Confirm") (did you mean "confirm"?)']);
  });

  it('rejects unknown keys at the key, with a did-you-mean hint for near misses', () => {
    const file = tempFile(
      'unknown.yaml',
      yaml(
        '- id: a',
        '  turns:',
        '    - user: 你好',
        '      expect:',
        '        ttsInclude: [好]',
        '      colour: red',
      ),
    );
    expect(located(file)).toEqual([
      '5:9: turns[0].expect.ttsInclude: unknown field (did you mean "ttsIncludes"?)',
      '6:7: turns[0].colour: unknown field (allowed: user, tap, advanceMs, dispose, disposeAfterMs, network, llm, store, expect)',
    ]);
  });

  it('reports wrong types with what was found', () => {
    const file = tempFile(
      'types.yaml',
      yaml(
        '- id: a',
        '  turns:',
        '    - user: 100',
        '      expect:',
        '        batch: [{amount: "60", type: expense}]',
        '        tts: 好',
      ),
    );
    expect(located(file)).toEqual([
      '3:13: turns[0].user: must be a string (got 100)',
      '5:26: turns[0].expect.batch[0].amount: must be a number or null (got "60")',
      '5:38: turns[0].expect.batch[0].type: must be one of EXPENSE, INCOME, TRANSFER (got "expense") (did you mean "EXPENSE"?)',
      '6:14: turns[0].expect.tts: must be a list (got "好")',
    ]);
  });

  it('points a missing required field at the dialogue and an empty value at its key', () => {
    const file = tempFile(
      'missing.yaml',
      yaml(
        '- title: no id', //
        '  turns:',
        '    - user: 你好',
        '      expect:',
        '        route:',
      ),
    );
    expect(located(file)).toEqual([
      '1:3: id: is required',
      '5:9: turns[0].expect.route: must be one of local, llm, fallback, offline, none (got null)',
    ]);
  });

  it('rejects an empty turns list and a file that is not a list', () => {
    const empty = tempFile('empty-turns.yaml', yaml('- id: a', '  turns: []'));
    expect(located(empty)).toEqual(['2:10: turns: must not be empty']);
    const mapping = tempFile('mapping.yaml', yaml('id: a', 'turns: []'));
    expect(located(mapping)).toEqual(['1:1: file: must be a list of dialogues, or a mapping of today and dialogues (got {"id":"a","turns":[]})']);
    const blank = tempFile('blank.yaml', '# nothing yet\n');
    expect(located(blank)).toEqual(['1:1: file is empty: expected a list of dialogues']);
  });
});

describe('loadYamlDataset: semantic checks', () => {
  it('requires exactly one of user, tap, advanceMs per turn', () => {
    const file = tempFile(
      'actions.yaml',
      yaml(
        '- id: a',
        '  turns:',
        '    - user: 确认',
        '      tap: confirm',
        '    - expect: {state: IDLE}',
      ),
    );
    expect(located(file)).toEqual([
      '4:7: turns[0]: a turn needs exactly one of user, tap, advanceMs or dispose (found user and tap)',
      '5:7: turns[1]: a turn needs exactly one of user, tap, advanceMs or dispose (found none)',
    ]);
  });

  it('expect.notify names known Delegate callbacks; a dispose is its own turn, disposeAfterMs goes with user or tap', () => {
    const file = tempFile(
      'notify.yaml',
      yaml(
        '- id: a',
        '  turns:',
        '    - user: 午饭三十',
        '      expect: {notify: [onFinalText, onDraftBatchUpdate]}',
        '    - dispose: true',
        '      user: 退出',
        '    - advanceMs: 10',
        '      disposeAfterMs: 5',
        '    - dispose: false',
      ),
    );
    expect(located(file)).toEqual([
      expect.stringMatching(/^4:\d+: turns\[0\]\.expect\.notify\[1\]: must be one of onFinalText, .* \(got "onDraftBatchUpdate"\) \(did you mean "onDraftBatchUpdated"\?\)$/),
      '5:7: turns[1]: a turn needs exactly one of user, tap, advanceMs or dispose (found user and dispose)',
      '8:7: turns[2].disposeAfterMs: only goes with a user or tap turn (a dispose of its own is `dispose: true`)',
      '9:16: turns[3].dispose: must be one of true (got false)',
    ]);
  });

  it('allows raw/fault only with latencyMs', () => {
    const file = tempFile(
      'raw.yaml',
      yaml(
        '- id: a',
        '  turns:',
        '    - user: 吃饭60',
        '      llm:',
        '        raw: "{"',
        '        parse: {transactions: []}',
        '    - user: 打车30',
        '      llm: {raw: x, fault: error}',
        '    - user: 打车30',
        '      llm: {latencyMs: 10}',
      ),
    );
    expect(located(file)).toEqual([
      '6:9: turns[0].llm.parse: cannot be combined with raw (raw/fault answer whichever call the turn makes; only latencyMs may go with them)',
      '8:21: turns[1].llm.fault: cannot be combined with raw',
      '10:12: turns[2].llm: has no answer (parse, correct, conversation, raw or fault)',
    ]);
  });

  it('rejects duplicate ids within a file, naming the first', () => {
    const file = tempFile('dup.yaml', yaml('- id: same', '  turns: [{tap: cancel}]', '- id: same', '  turns: [{tap: confirm}]'));
    expect(located(file)).toEqual(['3:7: id: duplicate id "same" (first used at line 1)']);
  });

  it('collects every issue of the file, in file order', () => {
    const file = tempFile(
      'many.yaml',
      yaml(
        '- id: a',
        '  netwrk: offline',
        '  turns:',
        '    - user: 你好',
        '      expect: {route: remote}',
        '- id: a',
        '  turns: []',
      ),
    );
    expect(located(file).map((line) => line.split(': ')[0])).toEqual(['2:3', '5:23', '6:7', '7:10']);
  });
});

describe('loadYamlDataset: syntax errors', () => {
  it('reports YAML syntax errors at their position', () => {
    const nested = tempFile('nested.yaml', yaml('- id: a', '  title: a: b', '  turns: [{tap: cancel}]'));
    expect(located(nested)).toEqual([
      '2:10: YAML syntax: Nested mappings are not allowed in compact mappings (the value a: b holds ": ", which YAML reads as a key: quote it, "a: b", or write the full-width ：)',
    ]);
    const unclosed = tempFile('unclosed.yaml', yaml('- id: a', '  turns: [{tap: cancel}', '- id: b'));
    expect(issuesOf(unclosed)[0]).toMatchObject({ file: unclosed, line: 3, col: 1 });
    expect(issuesOf(unclosed)[0]?.message).toMatch(/^YAML syntax: Flow sequence .* end with a \]$/);
  });

  it('reports duplicate keys as syntax errors at the second key', () => {
    const file = tempFile('dupkey.yaml', yaml('- id: a', '  turns: [{tap: cancel}]', '  id: b'));
    expect(located(file)).toEqual(['3:3: YAML syntax: Map keys must be unique']);
  });

  it('reports an unreadable file', () => {
    expect(issuesOf('/nonexistent/x.yaml')).toEqual([
      { file: '/nonexistent/x.yaml', line: 0, col: 0, message: 'cannot read file (ENOENT)' },
    ]);
  });
});
