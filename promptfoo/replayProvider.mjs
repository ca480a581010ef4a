// The default provider: replays the datasets' own scripted answers for each test case, like a
// cassette recorded from a perfect model. It needs no key and no network, passes by
// construction, and so checks the plumbing: prompts render, tests generate, and the
// harness's scorers agree with `nlu-harness run`. For real scores use the heuristic
// provider or a real model (see promptfooconfig.yaml).
import generateTests from './tests.mjs';

export default class ReplayProvider {
  constructor(options = {}) {
    this.datasets = options.config?.datasets;
    this.answers = null;
  }

  id() {
    return 'nlu-harness:dataset-replay';
  }

  async callApi(_prompt, context) {
    this.answers ??= generateTests(this.datasets ? { datasets: this.datasets } : {}).then(
      (tests) => new Map(tests.map((test) => [test.vars.case, JSON.stringify(test.metadata.gold)])),
    );
    const answer = (await this.answers).get(context?.vars?.case);
    return answer === undefined ? { error: `no recorded answer for case ${context?.vars?.case}` } : { output: answer };
  }
}
