import { BackendOptionError, type BackendEntry } from './backendEntry.js';

/** A model's answers recorded in a cassette (`--record`), replayed with their recorded latency. */
export const replay: BackendEntry = {
  name: 'replay',
  answers: 'input',
  clock: 'virtual',
  readsPrompts: true,
  modelAnswers: true,
  overHttp: false,
  repeatsAnswers: 'always',
  servable: true,
  measures: ['Recorded answers of {model} replayed on {on}', '录制的模型回答（{model}）在{on}上的质量'],
  create: async (options) => {
    if (!options.cassette)
      throw new BackendOptionError(`${options.option} replay needs --cassette FILE${options.canRecord ? ' (record one with --record FILE)' : ''}`);
    const [{ Cassette }, { ReplayBackend }] = await Promise.all([import('../llm/cassette.js'), import('../llm/replayBackend.js')]);
    const cassette = Cassette.loadForReplay(options.cassette);
    const { repeat } = options;
    if (repeat !== undefined && cassette.fewestRuns() < repeat) {
      const fewest = cassette.fewestRuns();
      throw new BackendOptionError(
        `cassette ${options.cassette}: recorded with ${fewest} run${fewest === 1 ? '' : 's'} a request, so it has no independent sample for runs ` +
          `${fewest + 1}..${repeat} of --repeat ${repeat}; record again with --record ${options.cassette} --repeat ${repeat}, or replay with --repeat ${fewest}`,
      );
    }
    return new ReplayBackend(cassette, options.model ? { model: options.model } : {});
  },
};
