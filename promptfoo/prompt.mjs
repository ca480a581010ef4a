// Renders the test's turn with the app's own templates (prompts/transaction-parse.txt or
// prompts/correction-dialogue.txt, through src/gateway/promptTemplates.ts): the chat
// messages exactly as the gateway sends them, for any chat provider.
import { renderCorrectionMessages, renderParseMessages } from '../dist/gateway/promptTemplates.js';

export default function nluPrompt({ vars }) {
  if (vars.endpoint === 'parse') return renderParseMessages(vars.text);
  if (vars.endpoint === 'correct') return renderCorrectionMessages(JSON.parse(vars.request));
  throw new Error(`prompt.mjs: unknown endpoint ${vars.endpoint}`);
}
