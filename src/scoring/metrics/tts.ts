import { CheckShareScorer } from '../checkShare.js';
import { defineMetric, JUDGED, PASSED } from './definition.js';

export const tts = defineMetric({
  name: 'tts',
  label: ['TTS wording', '播报措辞'],
  describe: () => ["Spoken lines exactly as the seeds' templates say (tts, ttsIncludes checks).", '播报措辞与种子模板完全一致（tts、ttsIncludes 检查）。'],
  counts: { judged: JUDGED, passed: PASSED },
  details: {},
  scorer: () => new CheckShareScorer(['tts', 'ttsIncludes']),
  pairedTest: 'randomization',
});
