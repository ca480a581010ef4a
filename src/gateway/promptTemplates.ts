import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorrectionRequest } from '../domain/correctionProtocol.js';
import { CATEGORIES } from '../domain/categories.js';
import { MAX_BATCH_SIZE } from '../domain/draftBatch.js';
import { addDays, DEFAULT_TODAY } from '../domain/relativeDates.js';
import type { LlmEndpoint } from '../domain/vocabulary.js';
import type { PromptMessage } from './completion.js';
import { ENDPOINT_MARKERS } from './endpointMarker.js';
import type { ConversationTurn, CurrentTransaction } from './dto.js';
import { conversationInputJson, correctionInputJson } from './promptInputs.js';
import { didYouMean } from '../util/didYouMean.js';
import { packageFolder } from '../util/packageFolder.js';

export const TEMPLATE_FILES: Readonly<Record<LlmEndpoint, string>> = {
  parse: 'transaction-parse.txt',
  correct: 'correction-dialogue.txt',
  conversation: 'conversation.txt',
};

export interface RenderOptions {
  /** The dialogue's today, YYYY-MM-DD, for relative days (昨天); DEFAULT_TODAY when left out. */
  today?: string;
  /** The category vocabulary offered to the model (default: the app's categories). */
  categories?: readonly string[];
}

let promptsDir: string | undefined;
const templates = new Map<LlmEndpoint, string>();

export function promptsDirectory(): string {
  promptsDir ??= packageFolder('prompts');
  return promptsDir;
}

/**
 * Renders from another folder of templates from now on (`--prompts DIR`, to try a prompt change
 * without touching prompts/). Every template is read at once, so a missing file or a wrong first
 * line is reported before anything runs.
 */
export function usePromptsDirectory(dir: string): void {
  promptsDir = dir;
  templates.clear();
  systemPrompts.clear();
  for (const [endpoint, file] of Object.entries(TEMPLATE_FILES) as [LlmEndpoint, string][]) {
    if (!existsSync(join(dir, file))) throw new Error(`--prompts ${dir}: ${file} is missing (the folder needs ${Object.values(TEMPLATE_FILES).join(', ')})`);
    loadTemplate(endpoint);
  }
}

/**
 * Reads a template once; its first line must be the endpoint's marker, which servers route on,
 * and every {{name}} in it must be one the system prompt fills (a misspelt one is found now, at
 * its line, not at the first call).
 */
export function loadTemplate(endpoint: LlmEndpoint): string {
  const cached = templates.get(endpoint);
  if (cached !== undefined) return cached;
  const path = join(promptsDirectory(), TEMPLATE_FILES[endpoint]);
  const text = readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
  if (text.split('\n', 1)[0] !== ENDPOINT_MARKERS[endpoint]) {
    throw new Error(`${path} must start with the line '${ENDPOINT_MARKERS[endpoint]}'`);
  }
  checkPlaceholders(path, text);
  templates.set(endpoint, text);
  return text;
}

/** What a template's {{name}} may be: the values the system prompt is rendered with (systemPrompt). */
const PLACEHOLDERS = ['today', 'yesterday', 'categories', 'maxTransactions'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function checkPlaceholders(path: string, text: string): void {
  text.split('\n').forEach((line, i) => {
    for (const [, name] of line.matchAll(PLACEHOLDER)) {
      if ((PLACEHOLDERS as readonly string[]).includes(name!)) continue;
      const known = PLACEHOLDERS.map((known) => `{{${known}}}`).join(', ');
      const hint = didYouMean(name!, PLACEHOLDERS);
      throw new Error(
        `${path}:${i + 1}: {{${name}}} is not a placeholder${hint}; a template takes ${known} (the batch and the user's words go in the user message)`,
      );
    }
  });
}

/** Replaces every {{name}}; a placeholder without a value is a template bug and throws. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`prompt placeholder {{${name}}} has no value`);
    return value;
  });
}

/** Rendered system prompts by endpoint, today and category list: all the rendering depends on (templates are read once). */
const systemPrompts = new Map<string, string>();
const MAX_SYSTEM_PROMPTS = 256;

const APP_CATEGORY_LIST = CATEGORIES.join('、');

/**
 * The system prompt of an endpoint depends only on the template, today and the offered category
 * list, all fixed for a run: a server's prompt cache (or a provider's) then holds it for every
 * request. What varies per request (the batch, its categories) goes in the user message.
 */
function systemPrompt(endpoint: LlmEndpoint, options: RenderOptions): string {
  const categories = options.categories === undefined ? APP_CATEGORY_LIST : [...new Set(options.categories)].join('、');
  const today = options.today ?? DEFAULT_TODAY;
  // Unambiguous without JSON: the endpoint is a fixed name and today's length says where it ends.
  const key = `${endpoint} ${today.length}:${today}${categories}`;
  let prompt = systemPrompts.get(key);
  if (prompt === undefined) {
    // {{yesterday}} lets an example show a resolved day for any today.
    const values: Record<Placeholder, string> = { today, yesterday: addDays(today, -1), categories, maxTransactions: String(MAX_BATCH_SIZE) };
    prompt = renderTemplate(loadTemplate(endpoint), values).trimEnd();
    if (systemPrompts.size >= MAX_SYSTEM_PROMPTS) systemPrompts.clear();
    systemPrompts.set(key, prompt);
  }
  return prompt;
}

export function renderParseMessages(text: string, options: RenderOptions = {}): PromptMessage[] {
  return [
    { role: 'system', content: systemPrompt('parse', options) },
    { role: 'user', content: text },
  ];
}

export function renderCorrectionMessages(request: CorrectionRequest, options: RenderOptions = {}): PromptMessage[] {
  const offered = new Set(options.categories ?? CATEGORIES);
  return [
    { role: 'system', content: systemPrompt('correct', options) },
    { role: 'user', content: correctionInputJson(request, (category) => !offered.has(category)) },
  ];
}

/** Earlier turns go in as they were; the current one is the machine-readable input. */
export function renderConversationMessages(
  history: readonly ConversationTurn[],
  current: CurrentTransaction | null,
  text: string,
  options: RenderOptions = {},
): PromptMessage[] {
  return [
    { role: 'system', content: systemPrompt('conversation', options) },
    ...history.map((turn): PromptMessage => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: conversationInputJson(current, text) },
  ];
}

/** sha256 over the three templates, for cache keys and reports. */
export function promptFingerprint(): string {
  const hash = createHash('sha256');
  for (const endpoint of Object.keys(TEMPLATE_FILES) as LlmEndpoint[]) {
    hash.update(TEMPLATE_FILES[endpoint]).update('\0').update(loadTemplate(endpoint)).update('\0');
  }
  return hash.digest('hex');
}
