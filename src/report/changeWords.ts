/**
 * The words for a change and for noise, one wording for every page and command (console, report.md,
 * report.html, `compare`, `simulate --compare`), in both languages. "Broke" and "regression" are said
 * only of what a test found beyond run-to-run noise (reportQueries.dialogueChanges decides which
 * dialogues those are); a move the test could not tell from noise is counted apart, in plain words.
 */
import { deltaPoints, percent } from './format.js';
import { label, metricName } from './labels.js';
import { dialogueChanges, metricKey, type DialogueChanges } from './reportQueries.js';
import type { GateResult, Lang } from './reportTypes.js';

/** "very unlikely to be chance" for a move a test found beyond noise, else "could be chance". */
export function chanceWords(lang: Lang, beyondNoise: boolean): string {
  return label(lang, beyondNoise ? 'unlikelyChance' : 'couldBeChance');
}

/** "47 dialogues broke": the one count of what broke, on every page. */
export function brokeCount(gate: GateResult, lang: Lang): string {
  return brokeWords(dialogueChanges(gate), lang);
}

/** The same count from changes already worked out (a comparison that counts its own). */
export function brokeWords(changes: Pick<DialogueChanges, 'broke'>, lang: Lang): string {
  const broke = changes.broke.length;
  return label(lang, broke === 1 ? 'oneBroke' : 'nBroke', broke);
}

/** "3 fixed": the count of what the gate found fixed, on every page. */
export function fixedWords(fixed: number, lang: Lang): string {
  return lang === 'zh' ? `修复 ${fixed} 个` : `${fixed} fixed`;
}

/**
 * Over repeats, the dialogues that passed fewer or more runs than in the baseline without the gate
 * finding them, each count in one sentence: "94 dialogues passed fewer of their 3 runs than in the
 * baseline (5 no run, 89 some), as run-to-run noise alone can make them: not counted as broke".
 */
export function withinNoiseWords(changes: Omit<DialogueChanges, 'broke' | 'fixed' | 'unsteady'>, repeat: number, lang: Lang): string[] {
  const out: string[] = [];
  const fewer = changes.fewerRuns.length;
  const none = changes.fewerRunsNone.length;
  if (fewer > 0) out.push(label(lang, fewer === 1 ? 'oneFewerRuns' : 'fewerRuns', fewer, repeat, none, fewer - none));
  const more = changes.moreRuns.length;
  if (more > 0) out.push(label(lang, more === 1 ? 'oneMoreRuns' : 'moreRuns', more, repeat));
  return out;
}

/** Over repeats: the dialogues that were already unsteady in the baseline, said apart so no one reads them as broke. */
export function unsteadyLine(gate: GateResult, lang: Lang): string | null {
  const count = dialogueChanges(gate).unsteady.length;
  return count > 0 ? label(lang, 'unsteadyLine', count) : null;
}

/**
 * The paired gate's tests set aside this run (scoring/pairedStatistics.ts testableFamily), named:
 * those too thinly moved to tell a change from chance, and those no dialogue moved at all.
 */
export function setAsideWords(gate: GateResult, lang: Lang): string | null {
  const setAside = gate.paired?.setAside ?? [];
  if (setAside.length === 0) return null;
  const sep = lang === 'zh' ? '；' : ', ';
  const thin = setAside.filter((t) => t.moved > 0);
  const unmoved = setAside.filter((t) => t.moved === 0);
  const out: string[] = [];
  if (thin.length > 0) {
    const named = thin.map((t) => label(lang, 'thinTest', metricName(lang, metricKey(t.name)), deltaPoints(t.baseline, t.current), t.moved, t.judged));
    out.push(label(lang, 'thinTests', thin[0]!.needed, named.join(sep)));
  }
  if (unmoved.length > 0) out.push(label(lang, 'unmovedTests', unmoved.map((t) => metricName(lang, metricKey(t.name))).join(sep)));
  return out.join(lang === 'zh' ? '' : ' ');
}

/** One line on the repeat-aware gate: its method, the dialogues already unsteady in the baseline that it kept from gating alone, and the tests it set aside. */
export function pairedGateLine(gate: GateResult, lang: Lang = 'en'): string | null {
  const paired = gate.paired;
  if (!paired) return gate.singleRuns ? label(lang, 'singleRunsMethod', gate.singleRuns.dialogues, gate.singleRuns.alpha) : null;
  const unsteady = new Set(dialogueChanges(gate).unsteady);
  const list = paired.flaky.filter((f) => unsteady.has(f.id));
  const shown = list.slice(0, 5).map((f) => `${f.id} (${percent(f.baseline ?? 0)} → ${percent(f.current ?? 0)})`);
  const setAside = setAsideWords(gate, lang);
  const zh = lang === 'zh';
  return (
    label(lang, 'pairedGateLine', paired.dialogues, paired.alpha, zh ? `${list.length} 段对话` : `${list.length} dialogue${list.length === 1 ? '' : 's'}`) +
    (list.length > 0 ? `${zh ? '：' : ': '}${shown.join(', ')}${list.length > shown.length ? ', …' : ''}` : '') +
    (setAside ? `${zh ? '。' : '. '}${setAside}` : '')
  );
}
