import type { Random } from '../util/random.js';
import { chineseWhole } from './chineseNumber.js';
import type { GoalItem } from './goal.js';
import { dayHomophonesOf, homophonesOf } from './homophones.js';
import { dayPhrases, type DayPhraseKind } from './spokenDays.js';

/** The ways an ASR transcript differs from typed text; each can be switched off (issue 15 item 2). */
export const SPEECH_FEATURES = ['chineseNumerals', 'units', 'fillers', 'noPunctuation', 'selfRepair', 'homophones', 'dayHomophones'] as const;
export type SpeechFeature = (typeof SPEECH_FEATURES)[number];
/** What a self-repair puts between the wrong amount and the right one. */
export const SELF_REPAIR_WORD = '不对';

/** How often a switched-on feature shows where it can (probabilities, not confidences): per amount, per utterance or per item. */
const CHANCE: Readonly<Record<SpeechFeature, number>> = {
  chineseNumerals: 0.5,
  units: 0.6,
  fillers: 0.4,
  noPunctuation: 0.7,
  selfRepair: 0.1,
  homophones: 0.15,
  dayHomophones: 0.2,
};

/** How readily a day is said each way, when the way names it: 昨天 far more than 2月28号. */
const DAY_PHRASE_WEIGHT: Readonly<Record<DayPhraseKind, number>> = { word: 8, daysAgo: 1, weekday: 2, dayOfMonth: 2, monthDay: 2 };

const UNITS = ['块', '元', '块钱'] as const;
const FILLERS = ['嗯', '那个', '嗯那个', '就是'] as const;

/** 30 → 三十, 15.5 → 十五点五; a number with no spoken form (10 000 and up) stays as written. */
function spokenNumber(value: number): string {
  const whole = Math.floor(value);
  if (whole >= 10_000) return String(value);
  return value === whole ? chineseWhole(whole) : `${chineseWhole(whole)}点五`;
}

/** Renders what a user means as what the recogniser hears; records which features it used. */
export class Speaker {
  readonly used = new Set<SpeechFeature>();

  constructor(
    private readonly random: Random,
    private readonly switches: ReadonlySet<SpeechFeature>,
    /** The day the user lives in: 昨天 is the day before it. */
    readonly today: string,
  ) {}

  /** Draws for every feature in a fixed order, so switching one off never shifts another's draws. */
  private roll(feature: SpeechFeature): boolean {
    const hit = this.random.chance(CHANCE[feature]) && this.switches.has(feature);
    if (hit) this.used.add(feature);
    return hit;
  }

  amount(value: number): string {
    const chinese = this.roll('chineseNumerals');
    const unit = this.random.pick(UNITS);
    const withUnit = this.roll('units');
    const whole = Math.floor(value);
    const half = value !== whole;
    const number = (n: number) => (chinese ? chineseWhole(n) : String(n));
    if (withUnit) {
      if (!half) return `${number(whole)}${unit}`;
      // 三块五, 三块五毛, 3块5: the half is spoken after the unit.
      const jiao = chinese ? '五' : '5';
      return `${number(whole)}块${jiao}${chinese && this.random.chance(0.5) ? '毛' : ''}`;
    }
    if (!half) return number(whole);
    return chinese ? `${chineseWhole(whole)}点五` : String(value);
  }

  /**
   * A day as said: 昨天, 5天前, 上周五, 3号, 2月28号 (digits maybe in Chinese), maybe misheard
   * (作天, 钱天). Draws nothing when the user names no day.
   */
  day(date: string): string {
    const phrase = this.random.weighted(dayPhrases(date, this.today).map((p) => [p, DAY_PHRASE_WEIGHT[p.kind]] as const));
    const text = /\d/.test(phrase.text) && this.roll('chineseNumerals') ? phrase.text.replace(/\d+/g, (n) => chineseWhole(Number(n))) : phrase.text;
    const misheard = [...text].map((char, at) => ({ at, others: dayHomophonesOf(char) })).filter((choice) => choice.others.length > 0);
    if (misheard.length === 0 || !this.roll('dayHomophones')) return text;
    const { at, others } = this.random.pick(misheard);
    return `${text.slice(0, at)}${this.random.pick(others)}${text.slice(at + 1)}`;
  }

  /**
   * One transaction as said: 「打车三十块」, maybe 「打车二十不对三十」, maybe with a misheard word,
   * after the day it happened when the user names one (「昨天打车三十」). `sayToday`: name today
   * when no day is, so that a day said for an earlier item is not taken to go on.
   */
  item(item: GoalItem, sayToday = false): string {
    const day = item.date ?? (sayToday ? this.today : null);
    const spokenDay = day === null ? '' : this.day(day);
    const repair = this.roll('selfRepair');
    const wrong = item.amount > 10 && this.random.chance(0.5) ? item.amount - 10 : item.amount + 10;
    const spokenAmount = repair ? `${this.amount(wrong)}${SELF_REPAIR_WORD}${this.amount(item.amount)}` : this.amount(item.amount);
    // The template's own 块 goes when the amount brings its unit (no 块块).
    const template = item.spoken.replace(/#块$/, '#');
    const said = template.replace('#', spokenAmount);
    return spokenDay + (this.roll('homophones') ? this.mishear(said, item.description) : said);
  }

  /** Several transactions in one breath; once a day is named, each later item names its own. */
  items(items: readonly GoalItem[]): string {
    const parts = items.map((item, i) =>
      this.item(
        item,
        items.slice(0, i).some((earlier) => earlier.date !== null),
      ),
    );
    const bare = this.roll('noPunctuation');
    const joined = bare ? parts.reduce((text, part) => `${text}${this.random.chance(0.5) ? ' ' : ''}${part}`) : parts.join('，');
    return this.filler(joined);
  }

  /**
   * What the recogniser makes of a line a user model wrote (issue 46): its digits may come out as
   * Chinese numerals, its punctuation dropped, a filler put in front, a goal's thing or a day
   * misheard. Units and self-repairs are the writer's own. One noise model for both kinds of user.
   */
  transcribe(text: string, goal: readonly GoalItem[]): string {
    let out = this.roll('chineseNumerals') ? text.replace(/\d+(?:\.5)?/g, (n) => spokenNumber(Number(n))) : text;
    if (this.roll('noPunctuation'))
      out = out
        .replace(/[，。！？、；：,!?;:]|\.(?!\d)/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const said = goal.find((item) => out.includes(item.description));
    if (said && this.roll('homophones')) out = this.mishear(out, said.description);
    const day = [...out]
      .map((char, at) => ({ at, others: dayHomophonesOf(char) }))
      .filter((choice) => choice.others.length > 0 && /[天周]/.test(out.slice(choice.at, choice.at + 2)));
    if (day.length > 0 && this.roll('dayHomophones')) {
      const { at, others } = this.random.pick(day);
      out = `${out.slice(0, at)}${this.random.pick(others)}${out.slice(at + 1)}`;
    }
    return FILLERS.some((filler) => out.startsWith(filler)) ? out : this.filler(out);
  }

  /** Starts an utterance with 嗯 / 那个 now and then. */
  filler(text: string): string {
    return this.roll('fillers') ? `${this.random.pick(FILLERS)}${text}` : text;
  }

  /** One character of the description replaced by one that sounds the same, when there is one. */
  private mishear(said: string, description: string): string {
    const at = said.indexOf(description);
    const choices = [...description].map((char, offset) => ({ offset, others: homophonesOf(char) })).filter((choice) => choice.others.length > 0);
    if (at < 0 || choices.length === 0) return said;
    const { offset, others } = this.random.pick(choices);
    return `${said.slice(0, at + offset)}${this.random.pick(others)}${said.slice(at + offset + 1)}`;
  }
}
