import { describe, expect, it } from 'vitest';
import { findAmounts } from '../../src/domain/numerals.js';
import { Random } from '../../src/util/random.js';
import { THINGS } from '../../src/generate/vocabulary.js';
import { chineseWhole } from '../../src/users/chineseNumber.js';
import { goalItem } from '../../src/users/goal.js';
import { homophonesOf, soundKey } from '../../src/users/homophones.js';
import { SPEECH_FEATURES, Speaker, type SpeechFeature } from '../../src/users/speech.js';

const items = THINGS.map((thing, i) => goalItem(thing, [15, 60, 3.5, 105, 2000, 1152, 38][i % 7]!));

function speak(features: readonly SpeechFeature[], seed = 1): { text: string; used: Set<SpeechFeature> } {
  const speaker = new Speaker(new Random(seed), new Set(features));
  const text = Array.from({ length: 20 }, () => speaker.items(items.slice(0, 4))).join('\n') + items.map((item) => speaker.item(item)).join('\n');
  return { text, used: speaker.used };
}

describe('ASR-like speech (issue 15 item 2)', () => {
  it('speaks numbers as people do', () => {
    expect([15, 20, 105, 110, 2000, 1152, 3006, 10].map(chineseWhole)).toEqual(['十五', '二十', '一百零五', '一百一十', '两千', '一千一百五十二', '三千零六', '十']);
  });

  it('clean speech is the typed form: Arabic digits, commas, nothing added', () => {
    const speaker = new Speaker(new Random(3), new Set());
    expect(speaker.items(items.slice(0, 3))).toBe('午饭15，吃饭花了60，打车3.5');
    expect(speaker.used.size).toBe(0);
  });

  it.each(SPEECH_FEATURES.map((feature) => [feature]))('%s shows only when switched on', (feature) => {
    const marks: Record<SpeechFeature, RegExp> = {
      chineseNumerals: /[十百千]/,
      units: /[块元]/,
      fillers: /^(嗯|那个|就是)/m,
      noPunctuation: /[^，\n]$|\d[^，\d.\n块元]/m,
      selfRepair: /不对/,
      homophones: /./,
    };
    const on = speak([feature]);
    expect(on.used).toEqual(new Set([feature]));
    expect(on.text).toMatch(marks[feature]);
    const off = speak(SPEECH_FEATURES.filter((other) => other !== feature));
    expect(off.used.has(feature)).toBe(false);
    if (feature !== 'noPunctuation' && feature !== 'homophones') expect(off.text).not.toMatch(marks[feature]);
  });

  it('homophones sound the same, are never numerals, and leave every amount readable', () => {
    expect(homophonesOf('饭')).not.toContain('饭');
    for (const other of homophonesOf('饭')) expect(soundKey(other)).toBe(soundKey('饭'));
    expect(homophonesOf('十')).toEqual([]);
    const speaker = new Speaker(new Random(5), new Set<SpeechFeature>(['homophones']));
    let misheard = 0;
    for (let i = 0; i < 200; i++) {
      const item = items[i % items.length]!;
      const said = speaker.item(item);
      if (!said.includes(item.description)) misheard++;
      expect(findAmounts(said).map((match) => match.value)).toEqual([item.amount]);
    }
    expect(misheard).toBeGreaterThan(5);
  });
});
