import { createInterface } from 'node:readline';
import type { Argv, CommandModule } from 'yargs';
import { AtomicFileWriter } from '../util/atomicFile.js';
import { seededUuids } from '../sim/seededUuids.js';
import { SqliteStore } from '../sim/sqliteStore.js';
import { renderCard, TrySession } from '../users/trySession.js';
import { createBackend, modelOptions, perturbOptions, type BackendArgs } from './backendFactory.js';
import { reportError } from './runCommand.js';
import { withoutControls } from '../report/format.js';
import { backendNames } from '../backends/registry.js';

type TryArgs = BackendArgs;

const HELP = '输入一句话（如 午饭35块），或 :confirm / :cancel 点按钮，:save FILE 存为数据集对话，:quit 退出';

export const tryCommand: CommandModule<object, TryArgs> = {
  command: 'try',
  describe: 'Play the user yourself: type utterances or taps, see the spoken lines and the batch card; :save FILE keeps the session as a dialogue',
  builder: (yargs: Argv) =>
    modelOptions(perturbOptions(yargs))
      .option('llm', { choices: backendNames((entry) => entry.answers === 'input'), default: 'heuristic', describe: 'LLM backend' })

      .option('concurrency', { type: 'number', default: 1, hidden: true }) as unknown as Argv<TryArgs>,
  handler: async (args) => {
    process.exitCode = await tryConsole(args);
  },
};

async function tryConsole(args: TryArgs): Promise<number> {
  let setup;
  try {
    setup = await createBackend(args);
  } catch (error) {
    return reportError(error);
  }
  const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
  const session = new TrySession(setup.backend, store);
  // What the model said (a category, a description) reaches the terminal inert.
  const out = (text: string) => process.stdout.write(`${withoutControls(text)}\n`);
  out(`nlu-harness try — model ${setup.describe.backend}. ${HELP}`);
  await session.start();
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      if (line === ':quit') break;
      if (line === ':help') {
        out(HELP);
        continue;
      }
      if (line.startsWith(':save')) {
        const file = line.slice(':save'.length).trim();
        if (!file) out('用法：:save FILE');
        else out(saveSession(session, file));
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

function saveSession(session: TrySession, file: string): string {
  if (session.turns.length === 0) return '还没有对话可存';
  const writer = new AtomicFileWriter(file);
  try {
    writer.write('# Written by `nlu-harness try`: what was observed is the expectation.\n');
    writer.write(`- ${JSON.stringify(session.toDialogue(`try-${session.turns.length}-turns`))}\n`);
    writer.commit();
  } catch (error) {
    writer.abort();
    return `没有保存：${(error as Error).message}`;
  }
  return `已保存 ${session.turns.length} 轮 → ${file}`;
}
