/**
 * Finds English left in a Chinese (`--lang zh`) output: every Latin word that is not data (ids,
 * file names, what the user said, recorded values), a unit, a code shown as a code, or one of a
 * short list of names that stay as they are in Chinese too.
 */

/** Names a Chinese reader sees in Latin letters too: products, methods, formats, units, codes. */
const ALLOWED = new Set(
  [
    // formats, products and acronyms
    'NLU',
    'LLM',
    'JavaScript',
    'TTS',
    'JSON',
    'HTML',
    'SQLite',
    // how a model call ended, as recorded (LlmCallReport.outcome)
    'ok',
    'invalid',
    'lowConfidence',
    // statistics: the methods' own names and symbols
    'p',
    'e',
    'k',
    'n',
    'Holm',
    'McNemar',
    'Newcombe',
    'pp',
    // units
    'ms',
    's',
    // backends, modes, protocols and routes as the CLI names them (shown as codes)
    'scripted',
    'heuristic',
    'oracle',
    'openai',
    'replay',
    'perturb',
    'e2e',
    'gold',
    'batch',
    'conversation',
    'both',
    'local',
    'llm',
    'fallback',
    'offline',
    'none',
    'parse',
    'correct', // routes; model endpoints
    // check names and record fields of the dataset format (what a dataset author writes)
    'state',
    'ttsIncludes',
    'saved',
    'route',
    'intent',
    'index',
    'amount',
    'type',
    'category',
    'status',
    'pending',
    'null',
  ].map((word) => word.toLowerCase()),
);

/** Names in exact case: the two sides of a comparison ("a" is an English word), the record's types and the session's states. */
const EXACT = new Set([
  'A',
  'B',
  'EXPENSE',
  'INCOME',
  'TRANSFER',
  'IDLE',
  'LISTENING',
  'AWAITING_PARSE',
  'CONFIRMING',
  'AWAITING_CORRECTION',
  'SAVING',
  'DISPOSED',
]);

export interface LatinWord {
  readonly word: string;
  readonly context: string;
}

/** Text a reader sees on an HTML page: no scripts, styles, tags or attributes, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** A comparison page's transcripts side by side: the recorded values in each row are data, the row's field name is not. */
export function withoutTranscriptValues(html: string): string {
  return html.replace(/(<tr[^>]*data-field="[^"]*"[^>]*>\s*<th[^>]*>[^<]*<\/th>)[\s\S]*?<\/tr>/g, '$1</tr>');
}

/** Latin words of a report's data (titles, tags, what users said, item descriptions, recorded intents): they stay as written. */
export function dataWords(report: unknown): Set<string> {
  const words = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      // A tag is kept whole ("append"); one with a prefix or digits ("scenario:…", "seed-000") is matched as an id.
      if (key === 'tags') words.add(value);
      else if (DATA_KEYS.has(key)) for (const word of value.match(/[A-Za-z]+/g) ?? []) words.add(word);
    } else if (key === 'intent' && value && typeof value === 'object')
      words.add(String((value as { kind?: unknown }).kind)); // the recorded intent, shown as its code
    else if (Array.isArray(value)) for (const item of value) visit(item, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_DATA.has(k)) visit(v, k);
  };
  visit(report, '');
  return words;
}

const DATA_KEYS = new Set(['title', 'user', 'description', 'spoken']);
/** The harness's own words in a report (metric descriptions, settings, gate findings): not data. */
const NOT_DATA = new Set(['run', 'metrics', 'gate', 'summary', 'scores']);

/** What a CI page shows of junit.xml: each failure's (or skip's) message and body; names and properties are identities. */
export function junitText(xml: string): string {
  const messages = [...xml.matchAll(/ message="([^"]*)"/g)].map((m) => m[1]!);
  const bodies = [...xml.matchAll(/<failure[^>]*>([\s\S]*?)<\/failure>/g)].map((m) => m[1]!);
  return [...messages, ...bodies]
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
}

/** Text a reader sees in report.md: its inline HTML (<br>, <details>, <sub>) is markup, and a fenced block is code (a prompt's diff). */
export function markdownText(md: string): string {
  return md
    .replace(/^```[\s\S]*?^```$/gm, ' ')
    .replace(/<\/?[a-z][^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What stays Latin by right: data, ids, paths, codes, numbers with units. Replaced by a space. */
const DATA = [
  /「[^」]*」/g, // what the user said
  /"(?:[^"\\\n]|\\.)*"/g, // recorded values
  /"[^"\n]*…/g, // a recorded value cut short
  /`[^`\n]*`/g, // code and commands
  /\{[^{}\n]*\}/g, // a literal of the answer format ({intent: unclear, confidence: 0.3}) or a recorded item
  /https?:\/\/\S+/g,
  /--[a-z][a-z-]*(?:[ =][^\s,;，；)）]+)?/g, // flags as typed
  /nlu-harness(?: [a-z-]+)?/g, // the command itself
  /[\w.@~{}/-]*\/[\w.@~{}/,-]+/g, // paths and model ids with a slash
  /[\w.-]+\.(?:ya?ml|json|md|html|xml|csv|txt|sqlite|ts|js)\b/g, // file names
  /\b(?=[\w.-]*\d)[A-Za-z\d]+(?:[-_.][A-Za-z\d]+)+\b/g, // ids with digits: model-append-003, heuristic-rules-v1
  /\b[a-z]+\d+[a-z\d]*\b/gi, // ids like s001, e2e
  /\b[0-9a-f]{7,64}\b/g, // hashes
  /\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z\b/g, // a UTC time
  /\b(?:pass@|pass\^)\w+/g, // the pass@k / pass^k codes
  /\b\d+(?:\.\d+)?\s?(?:ms|s|pp|KB|MB|x|×)\b/g,
  /\b[a-z]+:[^\s,;，；|·:]+/g, // a prefixed tag (scenario:追加新笔) or a model call as a transcript records it (correct:invalid)
];

/** A word a line was cut in ("cat…"): the start of an allowed name. */
function cutAllowed(word: string): boolean {
  if (!word.endsWith('…')) return false;
  const start = word.slice(0, -1).toLowerCase();
  return [...ALLOWED].some((name) => name.startsWith(start));
}

/**
 * Every Latin word left in `text` once data and allowed names are set aside, each with the line
 * it stood in. `allow` adds names this output may show (its dialogue ids, its dataset words).
 */
export function latinWords(text: string, allow: ReadonlySet<string> = new Set()): LatinWord[] {
  const found: LatinWord[] = [];
  for (const line of text.split('\n')) {
    let rest = line;
    for (const pattern of DATA) rest = rest.replace(pattern, ' ');
    for (const match of rest.matchAll(/[A-Za-z][A-Za-z_'’-]*…?/g)) {
      const word = match[0].replace(/['’-]+$/, '');
      if (ALLOWED.has(word.toLowerCase()) || EXACT.has(word) || allow.has(word) || cutAllowed(word)) continue;
      found.push({ word, context: line.trim().slice(0, 200) });
    }
  }
  return found;
}
