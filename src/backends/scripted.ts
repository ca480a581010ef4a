import type { BackendEntry } from './backendEntry.js';

export const scripted: BackendEntry = {
  name: 'scripted',
  answers: 'script',
  clock: 'virtual',
  readsPrompts: false,
  modelAnswers: false,
  overHttp: false,
  repeatsAnswers: 'always',
  servable: false,
  measures: [
    "Protocol conformance with scripted answers: whether the app follows the seeds when the LLM says exactly what the dataset scripts (not a model's quality; latencies are virtual)",
    '协议符合度：LLM 按数据集脚本作答时，应用是否按种子规范行事（不衡量模型质量，延迟为虚拟时间）',
  ],
  create: async () => {
    const { ScriptedBackend } = await import('../llm/scriptedBackend.js');
    return new ScriptedBackend();
  },
};
