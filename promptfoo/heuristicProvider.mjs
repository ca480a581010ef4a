// The offline default provider: the harness's rule-based reference model (no key, no
// network), answering the same chat messages a real model would get.
import { endpointFromMessages } from '../dist/gateway/endpointMarker.js';
import { HeuristicModel } from '../dist/reference/heuristicModel.js';

export default class HeuristicProvider {
  constructor(options = {}) {
    this.label = options.label ?? 'heuristic';
    this.model = new HeuristicModel();
  }

  id() {
    return `nlu-harness:${this.model.model}`;
  }

  async callApi(prompt) {
    let messages;
    try {
      messages = JSON.parse(prompt);
    } catch {
      return { error: 'heuristicProvider expects the chat messages JSON that promptfoo/prompt.mjs renders' };
    }
    const endpoint = endpointFromMessages(messages);
    if (!endpoint) return { error: 'no TASK marker in the system message: not a prompt of this app' };
    const answer = await this.model.complete({ endpoint, messages });
    const usage = answer.usage;
    return {
      output: answer.text,
      ...(usage ? { tokenUsage: { prompt: usage.promptTokens, completion: usage.completionTokens, total: usage.promptTokens + usage.completionTokens } } : {}),
    };
  }
}
