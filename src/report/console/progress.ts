/** Run progress on stderr: a redrawn bar on a terminal, a plain line every ~10% in CI logs. */
import { Chalk } from 'chalk';
import { inLang, type Words } from '../words/wording.js';
import type { Lang } from '../model/reportTypes.js';

export interface Progress {
  tick(passed: boolean): void;
  done(): void;
}

/** The line a log (no terminal) gets every tenth of the way, by what is counted. */
export const PROGRESS_WORDS = {
  dialogues: ['progress {done}/{total} dialogues ({percent}%), {failed} failed', '进度 {done}/{total} 段对话（{percent}%），{failed} 段未通过'],
  userRuns: ['progress {done}/{total} user runs ({percent}%), {failed} failed', '进度 {done}/{total} 次用户运行（{percent}%），{failed} 次未成功'],
} as const satisfies Record<string, Words>;

/** `unit`: what is counted (dialogues of a run, user runs of a simulation). */
/** `status`: more to show after the count (simulate with a user model: both models' calls). */
export function createProgress(
  total: number,
  stream: NodeJS.WriteStream,
  unit: keyof typeof PROGRESS_WORDS = 'dialogues',
  lang: Lang = 'en',
  status?: () => string,
): Progress {
  const tty = stream.isTTY === true;
  const c = new Chalk({ level: tty ? 1 : 0 });
  let count = 0;
  let failed = 0;
  let lastStep = 0;
  let lastLineCount = -1;
  let finished = false;

  const ratio = () => (total <= 0 ? 1 : Math.min(1, count / total));

  const draw = () => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
    const filled = Math.round(ratio() * width);
    const bar = c.cyan('█'.repeat(filled)) + c.dim('░'.repeat(width - filled));
    const tally = `${c.green(`✔ ${count - failed}`)} ${failed > 0 ? c.red(`✘ ${failed}`) : c.dim('✘ 0')}`;
    stream.write(`\r\x1b[2K${bar} ${count}/${total} ${tally}${status?.() ?? ''}`);
  };

  const line = () => {
    lastLineCount = count;
    stream.write(`${inLang(lang, PROGRESS_WORDS[unit], { done: count, total, percent: Math.round(ratio() * 100), failed })}${status?.() ?? ''}\n`);
  };

  return {
    tick(passed: boolean) {
      if (finished) return;
      count += 1;
      if (!passed) failed += 1;
      if (tty) return draw();
      const step = Math.floor(ratio() * 10);
      if (step > lastStep) {
        lastStep = step;
        line();
      }
    },
    done() {
      if (finished) return;
      finished = true;
      if (tty) {
        draw();
        stream.write('\n');
      } else if (lastLineCount !== count) {
        line();
      }
    },
  };
}
