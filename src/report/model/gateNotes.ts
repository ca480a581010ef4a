/**
 * The gate's warnings and not-judged notes as report.json keeps them: a code and its parameters
 * (facts a tool can read), with the English `text` beside them for a reader of the JSON. Pages
 * word each from its code (report/words/gateNoteWords.ts). A report written before codes holds the
 * sentence alone (a string), shown as it was recorded; so is a code this build does not know.
 */
export interface GateNoteParams {
  /** Part of the dialogues paired and one side kept no per-dialogue scores to rescore them with. */
  readonly metricsNotCompared: { readonly side: 'run' | 'baseline'; readonly sideIsReport: boolean };
  /** One run a side and one side kept no per-dialogue scores: only the pass/fail pair was tested. */
  readonly passFailOnly: { readonly side: 'run' | 'baseline' };
  readonly modeChanged: { readonly baseline: string; readonly current: string };
  readonly datasetsChanged: { readonly files: readonly string[] };
  /** Names as the server gave them, bounded (llm/answerLedger.ts MAX_SERVED_LISTED). */
  readonly servedModelChanged: { readonly baseline: readonly string[]; readonly current: readonly string[]; readonly model: string };
  /** `lostFiles` empty: the dialogues were removed from files this run still ran. */
  readonly dialoguesMissing: { readonly missing: number; readonly total: number; readonly examples: readonly string[]; readonly lostFiles: readonly string[] };
  readonly promptsNotRead: { readonly prompts: readonly string[]; readonly backend: string };
  readonly nothingLive: { readonly replayed: number };
}

export type GateNoteCode = keyof GateNoteParams;

export type GateNote = { readonly [C in GateNoteCode]: { readonly code: C; readonly params: GateNoteParams[C]; readonly text: string } }[GateNoteCode];

/** As read back from a report.json: a note, or an older report's sentence. */
export type RecordedGateNote = GateNote | string;
