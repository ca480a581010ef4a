/** The report as JUnit XML: one testsuite per dataset file, one testcase per dialogue. */
import { dialogueCountsByFile, dialogueSummaries, type DialogueSummary } from '../model/dialogueLog.js';
import { callDetails, checkDifferences } from '../model/checkDiff.js';
import { escapeXmlAttr, escapeXmlText } from '../html/escape.js';
import { prettyJson, truncate } from '../words/format.js';
import { describeInput, failedChecks, provenanceEntries, runOutcome, turnNumber, unjudgedTurnsLine } from '../model/reportQueries.js';
import { label } from '../words/labels.js';
import { inLang, punctuation, type Words } from '../words/wording.js';
import type { DialogueReport, Lang, Report } from '../model/reportTypes.js';

/** The failure's words; the XML's names (suites, testcases, properties) stay as they are for CI tools. */
export const JUNIT_WORDS = {
  turnCheck: ['turn {0} {1}', '第 {0} 轮 {1}'],
  passedRuns: [' (passed {0}/{1} runs)', '（{1} 次运行通过 {0} 次）'],
  message: ['{count}{runs}: {checks}', '{count}{runs}：{checks}'],
  checkFailed: ['turn {turn} {input}: check {check} failed', '第 {turn} 轮 {input}：检查 {check} 未通过'],
  differs: ['  differs: {0}', '  不同：{0}'],
  why: ['  why: {0}', '  原因：{0}'],
  expected: ['  expected: {0}', '  期望：    {0}'],
  actual: ['  actual:   {0}', '  实际：    {0}'],
} as const satisfies Record<string, Words>;
import type { Reporter } from '../model/reporter.js';

/** Enough to read a whole batch snapshot, not enough to bloat CI logs. */
const VALUE_CHARS = 4_000;

export function renderJUnit(report: Report): string {
  return [...junitChunks(report)].join('');
}

/** The XML line by line, for writing as a stream: a run of any size never builds one string. */
export function* junitChunks(report: Report): Generator<string> {
  // Counted from the testcases written, so the XML is consistent with itself whatever the summary says.
  // Each file's testcases are counted first (a log kept the counts as records came; a plain list takes a pass),
  // then one pass per file writes them (the dialogues may stream from a file).
  const notApplicable = report.notApplicable ?? [];
  const perFile = dialogueCountsByFile(report.dialogues);
  const failed = [...perFile.values()].reduce((sum, counts) => sum + counts.failures, 0);
  const total = report.dialogues.length + notApplicable.length;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  // The gate's verdict first, as every format says it: a CI page that shows the XML's head reads "not decided" there, never "passed".
  if (report.gate) yield `<!-- ${gateVerdictLine(report).replaceAll('--', '- -')} -->\n`;
  yield `<testsuites name="nlu-harness" tests="${total}" failures="${failed}" errors="0" skipped="${notApplicable.length}">\n`;
  const files = [...new Set([...perFile.keys(), ...notApplicable.map((d) => d.file)])];
  for (const file of files) {
    const skipped = notApplicable.filter((d) => d.file === file);
    const counts = perFile.get(file) ?? { tests: 0, failures: 0 };
    yield* suite(report, file, counts, skipped);
  }
  yield '</testsuites>\n';
}

function* suite(report: Report, file: string, counts: { tests: number; failures: number }, skipped: NonNullable<Report['notApplicable']>): Generator<string> {
  const { run } = report;
  const properties: Array<[string, string]> = [
    ['backend', run.llm.backend],
    ['model', run.llm.model],
    ['mode', run.mode],
    ['protocol', run.protocol],
    ['seed', String(run.seed)],
    ['repeat', String(run.repeat)],
    ...provenanceEntries(report).map(([k, v]): [string, string] => [k, v]),
    // The run's, not this file's: how many turns no turn-kind metric nor Dates judged, and why.
    ...(unjudgedTurnsLine(report, 'en') ? [['unjudgedTurns', unjudgedTurnsLine(report, 'en')!] as [string, string]] : []),
  ];
  yield `  <testsuite name="${escapeXmlAttr(file)}" tests="${counts.tests + skipped.length}" failures="${counts.failures}" errors="0" skipped="${skipped.length}" timestamp="${escapeXmlAttr(run.startedAt)}">\n`;
  yield '    <properties>\n';
  for (const [name, value] of properties) yield `      <property name="${escapeXmlAttr(name)}" value="${escapeXmlAttr(value)}"/>\n`;
  yield '    </properties>\n';
  // A passing testcase names its dialogue only: its transcript is not read back.
  for (const dialogue of dialogueSummaries(report.dialogues, (d) => d.file === file && !d.passed)) {
    if (dialogue.file === file) yield `${testcase(dialogue, report.view?.lang ?? 'en').join('\n')}\n`;
  }
  for (const { id, title, reason } of skipped) {
    yield `    <testcase classname="${escapeXmlAttr(file)}" name="${escapeXmlAttr(`${id} — ${title}`)}">\n`;
    yield `      <skipped message="${escapeXmlAttr(reason)}"/>\n`;
    yield '    </testcase>\n';
  }
  yield '  </testsuite>\n';
}

/** A failing dialogue comes whole (its transcript read); a passing one may come without it. */
function testcase(dialogue: DialogueSummary, lang: Lang): string[] {
  const open = `    <testcase classname="${escapeXmlAttr(dialogue.file)}" name="${escapeXmlAttr(`${dialogue.id} — ${dialogue.title}`)}"`;
  if (dialogue.passed) return [`${open}/>`];
  const failed = dialogue as DialogueReport;
  return [
    `${open}>`,
    `      <failure message="${escapeXmlAttr(failureMessage(failed, lang))}" type="checkFailed">${escapeXmlText(failureText(failed, lang))}</failure>`,
    '    </testcase>',
  ];
}

function failureMessage(dialogue: DialogueReport, lang: Lang): string {
  const names = failedChecks(dialogue).map(({ turn, check }) => inLang(lang, JUNIT_WORDS.turnCheck, turnNumber(turn), check.name));
  const runs = dialogue.runs > 1 ? inLang(lang, JUNIT_WORDS.passedRuns, dialogue.runsPassed, dialogue.runs) : '';
  const count = label(lang, 'failedChecks', dialogue.failedChecks);
  return names.length > 0 ? inLang(lang, JUNIT_WORDS.message, { count, runs, checks: truncate(names.join(punctuation(lang).comma), 300) }) : `${count}${runs}`;
}

function failureText(dialogue: DialogueReport, lang: Lang): string {
  const failures = failedChecks(dialogue);
  if (failures.length === 0) return label(lang, 'noFailedCheck');
  return failures
    .map(({ turn, check }) =>
      [
        inLang(lang, JUNIT_WORDS.checkFailed, { turn: turnNumber(turn), input: describeInput(turn, lang), check: check.name }),
        ...checkDifferences(check.expected, check.actual, lang).map((line) => inLang(lang, JUNIT_WORDS.differs, line)),
        ...callDetails(turn.llmCalls, lang).map((line) => inLang(lang, JUNIT_WORDS.why, line)),
        inLang(lang, JUNIT_WORDS.expected, indent(truncate(prettyJson(check.expected), VALUE_CHARS))),
        inLang(lang, JUNIT_WORDS.actual, indent(truncate(prettyJson(check.actual), VALUE_CHARS))),
      ].join('\n'),
    )
    .join('\n\n');
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n            ');
}

export const junitReporter: Reporter<Report> = { file: 'junit.xml', render: junitChunks };

/** "regression gate not decided — let through, against reports/baseline.json". */
function gateVerdictLine(report: Report): string {
  const lang = report.view?.lang ?? 'en';
  const outcome = runOutcome(report);
  const word = outcome === 'letThrough' ? 'gateLetThrough' : outcome === 'notDecided' ? 'gateNotDecided' : report.gate!.passed ? 'gatePassed' : 'gateFailed';
  return `${label(lang, word)} ${report.gate!.baseline}`;
}
