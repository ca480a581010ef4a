/** The first section of a run's and a comparison's Markdown: the behaviours that broke, counted, each with one example. */
import { truncate } from '../words/format.js';
import { inLang, label } from '../words/labels.js';
import { INPUT_CHARS, mdCode, mdText, VALUE_CHARS } from './markdownText.js';
import type { Lang } from '../model/reportTypes.js';
import { behaviourName, moreBehavioursLine, oldAndNewLine, WHAT_BROKE_WORDS, whatBrokeHeading, type WhatBroke } from '../model/whatBroke.js';

/** Behaviours in the first lines; the rest are counted. */
const MAX_BEHAVIOURS = 3;

/** The behaviours that broke, each with a count and one example: what a reader acts on first. */
export function whatBrokeSection(lang: Lang, againstBaseline: boolean, broke: WhatBroke): string[] {
  if (broke.behaviours.length === 0) return [];
  const lines = [`### ${mdText(whatBrokeHeading(lang, againstBaseline, broke))}`, ''];
  const apart = oldAndNewLine(lang, broke);
  if (apart) lines.push(`_${mdText(apart)}_`, '');
  for (const behaviour of broke.behaviours.slice(0, MAX_BEHAVIOURS)) {
    const { id, turn, input, difference, why } = behaviour.example;
    const example = `${inLang(lang, WHAT_BROKE_WORDS.example)} ${mdCode(id)} ${label(lang, 'turn', turn)} ${mdText(truncate(input, INPUT_CHARS))}: ${mdText(truncate(difference, VALUE_CHARS))}${why ? ` _(${mdText(truncate(why, VALUE_CHARS))})_` : ''}`;
    lines.push(`- **${behaviour.count}** · ${mdText(behaviourName(lang, behaviour.key))} — ${example}`);
  }
  const rest = broke.behaviours.slice(MAX_BEHAVIOURS);
  if (rest.length > 0) lines.push(`- ${mdText(moreBehavioursLine(lang, rest))}`);
  lines.push('');
  return lines;
}
