import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Argv, CommandModule } from 'yargs';
import { AtomicFileWriter } from '../util/atomicFile.js';
import { seededUuids } from '../sim/seededUuids.js';
import { SqliteStore } from '../sim/sqliteStore.js';
import { readableDialoguesYaml, schemaLine } from '../generate/yamlWriter.js';
import { checkDatasetOutput } from '../util/outputPaths.js';
import { renderCard, TrySession } from '../users/trySession.js';
import { createBackend, modelOptions, perturbOptions, type BackendArgs } from './backendFactory.js';
import { reportError } from './runCommand.js';
import { checkToday, todayOption } from './todayOption.js';
import { withoutControls } from '../report/words/format.js';
import { backendNames } from '../backends/registry.js';
import { MAX_UTTERANCE_CHARS } from '../datasets/textProblems.js';

type TryArgs = BackendArgs & { today?: string };

const HELP = '输入一句话（如 午饭35块），或 :confirm / :cancel 点按钮，:save FILE 存为数据集对话（:save! FILE 覆盖已有文件），:reset 重新开始，:quit 退出';

export const tryCommand: CommandModule<object, TryArgs> = {
  command: 'try',
  describe:
    'Play the user yourself: type utterances or taps, see the spoken lines and the batch card; :save FILE keeps the session as a dialogue (:save! FILE replaces a file), :reset starts over',
  builder: (yargs: Argv) =>
    todayOption(modelOptions(perturbOptions(yargs), false))
      .option('llm', { choices: backendNames((entry) => entry.answers === 'input'), default: 'heuristic', describe: 'LLM backend' })

      .option('concurrency', { type: 'number', default: 1, hidden: true }) as unknown as Argv<TryArgs>,
  handler: async (args) => {
    process.exitCode = await tryConsole(args);
  },
};

async function tryConsole(args: TryArgs): Promise<number> {
  let setup;
  try {
    checkToday(args.today);
    setup = await createBackend(args);
  } catch (error) {
    return reportError(error);
  }
  const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
  let session = new TrySession(setup.backend, store, args.today);
  let id = sessionId();
  // What the model said (a category, a description) reaches the terminal inert.
  const out = (text: string) => process.stdout.write(`${withoutControls(text)}\n`);
  out(`nlu-harness try — model ${setup.describe.backend}. ${HELP}`);
  await session.start();
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      // A dataset turn holds at most this many characters: a longer line could never be saved, and parsing it costs seconds.
      if (line.length > MAX_UTTERANCE_CHARS) {
        out(`没有处理：这一行有 ${line.length} 个字符，一句话最多 ${MAX_UTTERANCE_CHARS} 个（数据集一轮的上限）`);
        continue;
      }
      if (line === ':quit') break;
      if (line === ':help') {
        out(HELP);
        continue;
      }
      if (line === ':reset') {
        session = new TrySession(setup.backend, store, args.today);
        id = sessionId();
        await session.start();
        out('已重新开始：新的会话，卡片已清空');
        continue;
      }
      const save = /^:save(!?)(?:\s+(.*))?$/.exec(line);
      if (save) {
        const file = save[2]?.trim();
        if (!file) out('用法：:save FILE（:save! FILE 覆盖已有文件）');
        else out(saveSession(session, id, file, save[1] === '!'));
        continue;
      }
      const input = line === ':confirm' || line === ':cancel' ? { tap: line.slice(1) as 'confirm' | 'cancel' } : { user: line };
      if ('user' in input && line.startsWith(':')) {
        out(`未知命令 ${line}。${HELP}`);
        continue;
      }
      let trace;
      try {
        ({ trace } = await session.play(input));
      } catch (error) {
        // The person keeps the console; the message says what broke.
        out(`出错：${(error as Error).message}`);
        continue;
      }
      for (const spoken of trace.spoken) out(`App: ${spoken.text}`);
      out(`[${trace.phaseAfter}] route ${trace.route}${trace.saved.length > 0 ? `, saved ${trace.saved.length}` : ''}`);
      out(renderCard(trace.batchAfter));
    }
  } finally {
    lines.close();
    store.close();
    await setup.close();
  }
  return 0;
}

/** Whatever goes wrong, the session stays: the person is told why and may :save elsewhere. */
function saveSession(session: TrySession, id: string, file: string, replace: boolean): string {
  if (session.turns.length === 0) return '还没有对话可存';
  if (!replace && existsSync(file)) return `没有保存：${file} 已存在。换一个文件名，或用 :save! ${file} 覆盖它`;
  let writer: AtomicFileWriter | null = null;
  try {
    checkDatasetOutput(file, ':save', replace, `use :save! ${file}`);
    writer = new AtomicFileWriter(file);
    writer.write(schemaLine(file));
    writer.write("# Written by `nlu-harness try`: what the app did is the expectation, the model's answers the script. Review before adding it to a suite.\n");
    writer.write(readableDialoguesYaml([session.toDialogue(id)]));
    writer.commit();
  } catch (error) {
    writer?.abort();
    return `没有保存：${(error as Error).message}`;
  }
  return `已保存 ${session.turns.length} 轮（id ${id}）→ ${file}`;
}

/** Unique across sessions and consoles: the start time to the second, then random hex. */
function sessionId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `try-${stamp}-${randomBytes(3).toString('hex')}`;
}
