/**
 * The gate's warnings and not-judged notes in the page's language. report.json keeps them as
 * eval/gateVerdict.ts wrote them (in English, part of its interface); a Chinese page reads each
 * known one by its shape. One of another shape (a newer build's) is shown as it was recorded.
 */
import type { Lang } from '../model/reportTypes.js';

const ZH: readonly [RegExp, (...parts: string[]) => string][] = [
  [
    /^the metrics were not compared, only the paired dialogues' outcomes: (this run|the baseline) kept no per-dialogue scores to score the paired dialogues with \((a report|a baseline)/,
    (side, kind) =>
      `只比较了配对对话的结果，未比较指标：${side === 'this run' ? '本次运行' : '基线'}没有保留逐段对话的得分` +
      (kind === 'a report'
        ? '（完整运行的报告不保留：请比较同一选择（相同的 --dataset 和 --filter）的两次运行，或让先前的运行用 --update-baseline 写出基线，再用 run --baseline FILE 判定后来的运行）'
        : '（基线请用 --update-baseline 重新生成）'),
  ],
  [
    /^the baseline ran --mode (\S+) and this run --mode (\S+): /,
    (before, now) => `基线以 --mode ${before} 运行，本次以 --mode ${now} 运行：每轮的起始状态不同（gold：数据集期望的状态），指标的变化可能来自模式，而不是模型或产品`,
  ],
  [/^the baseline ran other dataset contents \((.*)\): a change of the tests, not only of the product$/, (files) => `基线运行的数据集内容不同（${files}）：变的是测试本身，不只是产品`],
  [
    /^the server said other models answered than in the baseline \(baseline: (.*); now: (.*)\): the model may have changed under the name '(.*)'$/,
    (before, now, name) => `服务器报告的回答模型与基线不同（基线：${before}；本次：${now}）：名为“${name}”的模型可能已被替换`,
  ],
  [
    /^(\d+) of the baseline's (\d+) dialogues are missing from this run \((.*)\): (.*)\. A run meant to be whole that lost dialogues fails the gate/,
    (missing, total, examples, where) =>
      `基线 ${total} 段对话中有 ${missing} 段本次没有运行（${examples}）：${missingWhere(where)}。本应完整的运行丢失了对话，门禁不通过（如是有意删除，请更新基线）`,
  ],
  [
    /^(.*) changed since the baseline, but the (.*) backend does not read prompts, so the prompt change was not judged; /,
    (prompts, backend) => `${prompts} 自基线以来有改动，但 ${backend} 后端不读提示词，所以未评判这次提示词改动；要评判，请用 --llm openai 对一个模型运行（无需密钥的本地模型：nlu-harness serve-model）`,
  ],
  [
    /^nothing was measured live \(all (\d+) answers were replayed from a cassette\), so this verdict cannot say the model did not change$/,
    (replayed) => `没有实时测量（${replayed} 个回答全部来自录制回放），因此这个结论不能说明模型没有变化`,
  ],
];

function missingWhere(where: string): string {
  const gone = /^(.*) no longer exists?$/.exec(where);
  return gone ? `${gone[1]} 已不存在` : '它们已从本次运行的数据集文件中删除';
}

export function gateWarning(lang: Lang, warning: string): string {
  if (lang !== 'zh') return warning;
  for (const [shape, say] of ZH) {
    const match = shape.exec(warning);
    if (match) return say(...match.slice(1));
  }
  return warning;
}
