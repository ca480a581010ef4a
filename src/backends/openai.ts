import { BackendOptionError, type BackendEntry } from './backendEntry.js';

/** What the SDK is given when the server needs no key: too short to be taken for a secret anywhere. */
const NO_KEY = 'none';

/** A model behind an OpenAI-compatible HTTP API (a hosted one, or vLLM, Ollama, llama.cpp, serve-model on this machine). */
export const openai: BackendEntry = {
  name: 'openai',
  answers: 'input',
  clock: 'real',
  readsPrompts: true,
  modelAnswers: true,
  overHttp: true,
  repeatsAnswers: 'seeded',
  servable: false,
  create: async (options) => {
    if (!options.baseUrl || !options.model) {
      throw new BackendOptionError(`${options.option} openai needs --base-url URL and --model NAME (and the key in $OPENAI_API_KEY or --api-key-env NAME)`);
    }
    const { OpenAiBackend } = await import('../llm/openaiBackend.js');
    return new OpenAiBackend({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || NO_KEY,
      model: options.model,
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.samplingSeed === undefined ? {} : { seed: options.samplingSeed }),
      ...(options.responseFormat === undefined ? {} : { responseFormat: options.responseFormat }),
      ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
      ...(options.traffic ? { traffic: options.traffic } : {}),
    });
  },
};
