import { describe, expect, it } from 'vitest';
import { findAmounts } from '../../src/domain/numerals.js';
import { Random } from '../../src/util/random.js';
import { THINGS } from '../../src/generate/vocabulary.js';
import { chineseWhole } from '../../src/users/chineseNumber.js';
import { goalItem } from '../../src/users/goal.js';
import { dayPhrases, daysBefore } from '../../src/users/spokenDays.js';
import { dayHomophonesOf, homophonesOf, soundKey } from '../../src/users/homophones.js';
import { SPEECH_FEATURES, Speaker, type SpeechFeature } from '../../src/users/speech.js';

const TODAY = '2026-03-01';
/** Every fourth item happened on a day the user names (昨天, 前天, …, 十天前). */
const items = THINGS.map((thing, i) => goalItem(thing, [15, 60, 3.5, 105, 2000, 1152, 38][i % 7]!, i % 4 === 3 ? daysBefore(TODAY, 1 + (i % 10)) : null));

function speak(features: readonly SpeechFeature[], seed = 1): { text: string; used: Set<SpeechFeature> } {
  const speaker = new Speaker(new Random(seed), new Set(features), TODAY);
  const text = Array.from({ length: 20 }, () => speaker.items(items.slice(0, 4))).join('\n') + items.map((item) => speaker.item(item)).join('\n');
  return { text, used: speaker.used };
}

describe('ASR-like speech (issue 15 item 2)', () => {
  it('speaks numbers as people do', () => {
    expect([15, 20, 105, 110, 2000, 1152, 3006, 10].map(chineseWhole)).toEqual([
      '十五',
      '二十',
      '一百零五',
      '一百一十',
      '两千',
      '一千一百五十二',
      '三千零六',
      '十',
    ]);
  });

  it('clean speech is the typed form: Arabic digits, commas, nothing added', () => {
    const speaker = new Speaker(new Random(3), new Set(), TODAY);
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
      dayHomophones: /[作左]天|[钱潜]天|天[钱潜]|[上这][州洲]/,
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
    const speaker = new Speaker(new Random(5), new Set<SpeechFeature>(['homophones']), TODAY);
    let misheard = 0;
    for (let i = 0; i < 200; i++) {
      const item = items[i % items.length]!;
      const said = speaker.item(item);
      if (!said.includes(item.description)) misheard++;
      expect(findAmounts(said).map((match) => match.value)).toEqual([item.amount]);
    }
    expect(misheard).toBeGreaterThan(5);
  });

  it('a day is said before the item it belongs to, in Arabic or Chinese numerals, from the phrases that name it', () => {
    const taxi = goalItem(
      THINGS.find((thing) => thing.description === '打车')!,
      30,
      '2026-02-20',
    );
    const said = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) said.add(new Speaker(new Random(seed), new Set<SpeechFeature>(['chineseNumerals']), TODAY).item(taxi));
    const named = dayPhrases('2026-02-20', TODAY).map((phrase) => phrase.text);
    for (const text of said) {
      const day = text.slice(0, text.indexOf('打车'));
      expect(named.map((phrase) => phrase.replace(/\d+/g, (n) => chineseWhole(Number(n)))).concat(named), text).toContain(day);
    }
    expect([...said].some((text) => /^[二九]|^上周五/.test(text))).toBe(true);
    expect([...said].some((text) => /\d号|\d天前/.test(text))).toBe(true);
  });

  it('once a day is named, a later item without one says 今天 (or another name of today), so the day does not seem to go on', () => {
    const [taxi, tea] = [THINGS.find((thing) => thing.description === '打车')!, THINGS.find((thing) => thing.description === '奶茶')!];
    const speaker = new Speaker(new Random(2), new Set(), TODAY);
    const [first, second] = speaker.items([goalItem(taxi, 30, '2026-02-28'), goalItem(tea, 15)]).split('，');
    expect(dayPhrases('2026-02-28', TODAY).map((phrase) => `${phrase.text}打车30`)).toContain(first);
    expect(dayPhrases(TODAY, TODAY).map((phrase) => `${phrase.text}奶茶15`)).toContain(second);
    // With no day named before it, an item without a day is said without one.
    expect(speaker.items([goalItem(tea, 15), goalItem(taxi, 30, '2026-02-28')]).startsWith('奶茶15，')).toBe(true);
  });

  it('day homophones are what a recogniser writes for 昨/前/周 (same syllable), never numerals, and leave the amount readable', () => {
    for (const char of ['昨', '前', '周']) {
      expect(dayHomophonesOf(char).length).toBeGreaterThan(0);
      for (const other of dayHomophonesOf(char)) expect(soundKey(other)).toBe(soundKey(char));
    }
    expect(['天', '号', '月', '一', '3'].flatMap((char) => dayHomophonesOf(char))).toEqual([]);
    const speaker = new Speaker(new Random(9), new Set<SpeechFeature>(['dayHomophones']), TODAY);
    const heard = new Set<string>();
    const dated = items.map((item, i) => ({ ...item, date: daysBefore(TODAY, 1 + (i % 3)) }));
    for (let i = 0; i < 300; i++) {
      const item = dated[i % dated.length]!;
      const said = speaker.item(item);
      expect(
        findAmounts(said).map((match) => match.value),
        said,
      ).toEqual([item.amount]);
      heard.add(said.slice(0, 2));
    }
    expect([...heard].some((start) => start === '作天' || start === '左天')).toBe(true);
    expect([...heard].some((start) => start === '钱天' || start === '潜天')).toBe(true);
  });
});
