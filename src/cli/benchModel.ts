import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureDecodeRate, summariseModelBench, type ModelBenchResult } from '../bench/modelBench.js';
import { endpointFromMessages } from '../gateway/endpointMarker.js';
import type { ResponseFormatMode } from '../llm/backend.js';
import type { ServedRequest } from '../llm/localGgufModel.js';
import { startServer } from '../llm/openaiCompatibleServer.js';
import type { ReadReport } from '../report/model/reportTypes.js';
import { loadLocalModel, type LocalModelArgs } from './serveModelCommand.js';

export interface ModelBenchArgs extends LocalModelArgs {
  dataset: string[];
  shard: string;
  mode: 'e2e' | 'gold';
  responseFormat: ResponseFormatMode;
  /** Where the run keeps its report, so a figure can be traced to the answers behind it. */
  runOut: string;
}

const CLI = fileURLToPath(new URL('../../bin/nlu-harness.js', import.meta.url));

/** Runs `run` as the user would, against the model served in this process, and waits for it. */
function runAgainst(url: string, args: ModelBenchArgs, log: (line: string) => void): Promise<void> {
  const argv = [
    CLI,
    'run',
    '--llm',
    'openai',
    '--base-url',
    url,
    '--model',
    'local',
    '--model-latency',
    'virtual',
    '--temperature',
    '0',
    '--concurrency',
    '1',
    '--mode',
    args.mode,
    '--shard',
    args.shard,
    '--response-format',
    args.responseFormat,
    ...args.dataset.flatMap((d) => ['--dataset', d]),
    '--out',
    args.runOut,
    '--no-history',
    '--no-progress',
  ];
  log(`bench --model: nlu-harness ${argv.slice(1).join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, OPENAI_API_KEY: '' } });
    const stop = (): void => void child.kill('SIGTERM');
    process.once('SIGINT', stop).once('SIGTERM', stop);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      // 1 is a run whose dialogues did not all pass: a model's answers, not a failed bench.
      if (code === 0 || code === 1) resolve();
      else reject(new Error(`the run against the model ended with ${signal ?? `exit ${code}`}`));
    });
  });
}

function answersOf(report: ReadReport): ModelBenchResult['answers'] {
  const calls = report.dialogues.flatMap((d) => d.turns.flatMap((t) => t.llmCalls));
  const judged = calls.filter((c) => ['ok', 'malformed', 'invalid'].includes(c.outcome));
  return {
    dialogues: report.dialogues.length,
    passed: report.dialogues.filter((d) => d.passed).length,
    valid: judged.filter((c) => c.outcome === 'ok').length,
    judged: judged.length,
  };
}

export async function benchModel(args: ModelBenchArgs, log: (line: string) => void): Promise<ModelBenchResult> {
  const served: ServedRequest[] = [];
  let recording = true;
  const model = await loadLocalModel(args, (request) => {
    if (recording) served.push(request);
  });
  try {
    const server = await startServer({ backend: model, endpointOf: endpointFromMessages, host: '127.0.0.1', port: 0 });
    const started = performance.now();
    try {
      await runAgainst(server.url, args, log);
    } finally {
      await server.close();
    }
    const seconds = (performance.now() - started) / 1000;
    recording = false;
    log('bench --model: timing the decode rate (the floor)');
    const decodeTokensPerSecond = await measureDecodeRate(model);
    const report = JSON.parse(readFileSync(join(args.runOut, 'report.json'), 'utf8')) as ReadReport;
    return summariseModelBench({
      model: model.model,
      threads: args.threads,
      responseFormat: args.responseFormat,
      served,
      seconds,
      decodeTokensPerSecond,
      answers: answersOf(report),
      loadAverage: loadavg(),
      method:
        `\`run --llm openai --model-latency virtual --temperature 0 --concurrency 1 --mode ${args.mode} --shard ${args.shard}\` on ${args.dataset.join(' ')} against the model served in-process ` +
        "(one request at a time); calls/min over the run's wall time; the floor is the answers' tokens ÷ the decode rate of one long answer to a cached prompt",
    });
  } finally {
    await model.close();
  }
}
