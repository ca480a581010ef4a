import { BackendOptionError, type BackendEntry } from './backendEntry.js';

/** A perfect model that reads the simulated user's intent off the board, never off the words. */
export const oracle: BackendEntry = {
  name: 'oracle',
  answers: 'goal',
  clock: 'virtual',
  readsPrompts: false,
  modelAnswers: false,
  overHttp: false,
  repeatsAnswers: 'always',
  servable: false,
  create: async (options) => {
    if (!options.board) throw new BackendOptionError(`${options.option} oracle answers from a simulated user's goal: only simulate has one`);
    const { OracleBackend } = await import('../users/oracleBackend.js');
    return new OracleBackend(options.board);
  },
};
