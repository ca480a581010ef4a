/**
 * The gate's warnings and not-judged notes in words, one row a code, both languages. The gate
 * (eval/gateVerdict.ts) stores each as its code and parameters with the English row's sentence
 * beside them; every page words it again from the code in its own language.
 */
import type { GateNote, GateNoteCode, GateNoteParams, RecordedGateNote } from '../model/gateNotes.js';
import type { Lang } from '../model/reportTypes.js';
import { outsideName } from '../../util/outsideText.js';
import { servedNamesSaid } from './servedModel.js';

type Row<C extends GateNoteCode> = Record<Lang, (p: GateNoteParams[C]) => string>;

const SIDE = { en: { run: 'this run', baseline: 'the baseline' }, zh: { run: '本次运行', baseline: '基线' } } as const;

const GATE_NOTE_WORDS: { readonly [C in GateNoteCode]: Row<C> } = {
  metricsNotCompared: {
    en: (p) =>
      `the metrics were not compared, only the paired dialogues' outcomes: ${SIDE.en[p.side]} kept no per-dialogue scores to score the paired dialogues with (` +
      (p.sideIsReport
        ? 'a report of a whole run keeps none: compare two runs of the same selection (the same --dataset and --filter), or gate the later run with run --baseline FILE against a baseline the earlier one wrote with --update-baseline)'
        : 'a baseline: remake it with --update-baseline)'),
    zh: (p) =>
      `只比较了配对对话的结果，未比较指标：${SIDE.zh[p.side]}没有保留逐段对话的得分` +
      (p.sideIsReport
        ? '（完整运行的报告不保留：请比较同一选择（相同的 --dataset 和 --filter）的两次运行，或让先前的运行用 --update-baseline 写出基线，再用 run --baseline FILE 判定后来的运行）'
        : '（基线请用 --update-baseline 重新生成）'),
  },
  passFailOnly: {
    en: (p) =>
      `the metrics were not tested, only the dialogues' pass/fail: ${SIDE.en[p.side]} kept no per-dialogue scores, and a metric's turns cannot be counted as independent draws (remake ${p.side === 'baseline' ? 'the baseline with --update-baseline' : 'the run'} with this version)`,
    zh: (p) =>
      `只检验了对话的通过与否，未检验指标：${SIDE.zh[p.side]}没有保留逐段对话的得分，而一项指标的各轮不能当作独立的抽样（请用本版本重新生成${p.side === 'baseline' ? '基线（--update-baseline）' : '本次运行'}）`,
  },
  modeChanged: {
    en: (p) =>
      `the baseline ran --mode ${p.baseline} and this run --mode ${p.current}: their turns start from other states (gold: the one the dataset expects), so a move may be the mode's, not the model's or the product's`,
    zh: (p) =>
      `基线以 --mode ${p.baseline} 运行，本次以 --mode ${p.current} 运行：每轮的起始状态不同（gold：数据集期望的状态），指标的变化可能来自模式，而不是模型或产品`,
  },
  datasetsChanged: {
    en: (p) => `the baseline ran other dataset contents (${p.files.join(', ')}): a change of the tests, not only of the product`,
    zh: (p) => `基线运行的数据集内容不同（${p.files.join('、')}）：变的是测试本身，不只是产品`,
  },
  servedModelChanged: {
    en: (p) =>
      `the server said other models answered than in the baseline (baseline: ${servedNamesSaid(p.baseline, 'en')}; now: ${servedNamesSaid(p.current, 'en')}): the model may have changed under the name '${outsideName(p.model)}'`,
    zh: (p) =>
      `服务器报告的回答模型与基线不同（基线：${servedNamesSaid(p.baseline, 'zh')}；本次：${servedNamesSaid(p.current, 'zh')}）：名为“${outsideName(p.model)}”的模型可能已被替换`,
  },
  dialoguesMissing: {
    en: (p) =>
      `${p.missing} of the baseline's ${p.total} dialogues are missing from this run (${examplesSaid(p, ', ')}): ` +
      (p.lostFiles.length > 0
        ? `${p.lostFiles.join(', ')} no longer exist${p.lostFiles.length === 1 ? 's' : ''}`
        : 'they were removed from the dataset files this run ran') +
      '. A run meant to be whole that lost dialogues fails the gate (update the baseline if they were removed on purpose)',
    zh: (p) =>
      `基线 ${p.total} 段对话中有 ${p.missing} 段本次没有运行（${examplesSaid(p, '、')}）：` +
      (p.lostFiles.length > 0 ? `${p.lostFiles.join('、')} 已不存在` : '它们已从本次运行的数据集文件中删除') +
      '。本应完整的运行丢失了对话，门禁不通过（如是有意删除，请更新基线）',
  },
  promptsNotRead: {
    en: (p) =>
      `${p.prompts.join(', ')} changed since the baseline, but the ${p.backend} backend does not read prompts, so the prompt change was not judged; ` +
      'run --llm openai against a model (a key-less local one: nlu-harness serve-model) to judge it',
    zh: (p) =>
      `${p.prompts.join('、')} 自基线以来有改动，但 ${p.backend} 后端不读提示词，所以未评判这次提示词改动；要评判，请用 --llm openai 对一个模型运行（无需密钥的本地模型：nlu-harness serve-model）`,
  },
  nothingLive: {
    en: (p) => `nothing was measured live (all ${p.replayed} answers were replayed from a cassette), so this verdict cannot say the model did not change`,
    zh: (p) => `没有实时测量（${p.replayed} 个回答全部来自录制回放），因此这个结论不能说明模型没有变化`,
  },
};

function examplesSaid(p: GateNoteParams['dialoguesMissing'], sep: string): string {
  return `${p.examples.join(sep)}${p.missing > p.examples.length ? `${sep}…` : ''}`;
}

/** A note as the gate stores it: its code, its parameters, and the English sentence. */
export function gateNote<C extends GateNoteCode>(code: C, params: GateNoteParams[C]): GateNote {
  const row = GATE_NOTE_WORDS[code] as Row<C>;
  return { code, params, text: row.en(params) } as GateNote;
}

/** A recorded note in the page's language; an older report's sentence, or a code this build does not know, as recorded. */
export function gateNoteSaid(lang: Lang, note: RecordedGateNote): string {
  if (typeof note === 'string') return note;
  const row = Object.hasOwn(GATE_NOTE_WORDS, note.code) ? (GATE_NOTE_WORDS[note.code] as Row<typeof note.code>) : undefined;
  if (!row || typeof note.params !== 'object' || note.params === null) return String(note.text ?? '');
  try {
    return row[lang](note.params);
  } catch {
    // Parameters of another shape (a hand-edited or newer file): the recorded sentence.
    return String(note.text ?? '');
  }
}

/** Whether a recorded note is the one with this code (an older report's sentence never is). */
export function isGateNote<C extends GateNoteCode>(note: RecordedGateNote, code: C): note is Extract<GateNote, { code: C }> {
  return typeof note !== 'string' && note.code === code;
}
