import type { Random } from '../util/random.js';
import { chineseWhole } from './chineseNumber.js';
import type { GoalItem } from './goal.js';
import { homophonesOf } from './homophones.js';

/** The ways an ASR transcript differs from typed text; each can be switched off (issue 15 item 2). */
export const SPEECH_FEATURES = ['chineseNumerals', 'units', 'fillers', 'noPunctuation', 'selfRepair', 'homophones'] as const;
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
};

const UNITS = ['块', '元', '块钱'] as const;
const FILLERS = ['嗯', '那个', '嗯那个', '就是'] as const;

/** Renders what a user means as what the recogniser hears; records which features it used. */
export class Speaker {
  readonly used = new Set<SpeechFeature>();

  constructor(
    private readonly random: Random,
    private readonly switches: ReadonlySet<SpeechFeature>,
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

  /** One transaction as said: 「打车三十块」, maybe 「打车二十不对三十」, maybe with a misheard word. */
  item(item: GoalItem): string {
    const repair = this.roll('selfRepair');
    const wrong = item.amount > 10 && this.random.chance(0.5) ? item.amount - 10 : item.amount + 10;
    const spokenAmount = repair ? `${this.amount(wrong)}${SELF_REPAIR_WORD}${this.amount(item.amount)}` : this.amount(item.amount);
    // The template's own 块 goes when the amount brings its unit (no 块块).
    const template = item.spoken.replace(/#块$/, '#');
    const said = template.replace('#', spokenAmount);
    return this.roll('homophones') ? this.mishear(said, item.description) : said;
  }

  /** Several transactions in one breath. */
  items(items: readonly GoalItem[]): string {
    const parts = items.map((item) => this.item(item));
    const bare = this.roll('noPunctuation');
    const joined = bare ? parts.reduce((text, part) => `${text}${this.random.chance(0.5) ? ' ' : ''}${part}`) : parts.join('，');
    return this.filler(joined);
  }

  /** Starts an utterance with 嗯 / 那个 now and then. */
  filler(text: string): string {
    return this.roll('fillers') ? `${this.random.pick(FILLERS)}${text}` : text;
  }

  /** One character of the description replaced by one that sounds the same, when there is one. */
  private mishear(said: string, description: string): string {
    const at = said.indexOf(description);
    const choices = [...description]
      .map((char, offset) => ({ offset, others: homophonesOf(char) }))
      .filter((choice) => choice.others.length > 0);
    if (at < 0 || choices.length === 0) return said;
    const { offset, others } = this.random.pick(choices);
    return `${said.slice(0, at + offset)}${this.random.pick(others)}${said.slice(at + offset + 1)}`;
  }
}
