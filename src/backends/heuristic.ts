import type { BackendEntry } from './backendEntry.js';

/** The rule-based reference model: no key, reads only the user input and the batch, never the prompt text. */
export const heuristic: BackendEntry = {
  name: 'heuristic',
  answers: 'input',
  clock: 'virtual',
  readsPrompts: false,
  modelAnswers: false,
  overHttp: false,
  repeatsAnswers: 'always',
  servable: true,
  measures: ['The rule-based reference model (heuristic) on {on}', '规则参考模型（heuristic）在{on}上的表现'],
  create: async () => {
    const { HeuristicModel } = await import('../reference/heuristicModel.js');
    return new HeuristicModel();
  },
};
