import { LLM_CONFIRM_TEXTS, TYPE_WORD, ordinalWord } from '../generate/vocabulary.js';
import type { Random } from '../util/random.js';
import type { DraftTransaction } from '../domain/draftBatch.js';
import { goalDay } from './goal.js';
import type { UserAction } from './policy.js';
import type { Speaker } from './speech.js';

/** The words for an action, as the recogniser would pass them on. */
export function utterance(action: UserAction, speaker: Speaker, random: Random): string {
  switch (action.kind) {
    case 'say':
      return speaker.items(action.items);
    case 'append':
      return speaker.filler(`还有一笔${speaker.item(action.item)}`);
    case 'correct': {
      const { goal, field } = action;
      const name = action.by === 'ordinal' ? ordinal(action.item) : `${goal.description}那笔`;
      // 「第二笔是前天的」: a day is said as the day the item happened on, not as a value to change to.
      if (field === 'date') return speaker.filler(`${name}是${speaker.day(goalDay(goal, speaker.today))}的`);
      const value = field === 'amount' ? speaker.amount(goal.amount) : field === 'type' ? TYPE_WORD[goal.type] : goal.category;
      return speaker.filler(`${name}改成${value}`);
    }
    case 'cancelItem':
      return `删掉${ordinal(action.item)}`;
    case 'confirmItem':
      return `确认${ordinal(action.item)}`;
    case 'confirm':
      return action.byModel ? random.pick(LLM_CONFIRM_TEXTS) : '确认';
    case 'cancel':
      return '取消';
  }
}

/** The card's own numbering: 第N笔 is the item's stable index + 1. */
function ordinal(item: DraftTransaction): string {
  return `第${ordinalWord(item.index + 1)}笔`;
}
