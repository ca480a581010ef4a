/**
 * A tokenizer-free estimate, good enough to compare prompt sizes and fill `usage`
 * when a backend reports none: each CJK character (Han ideographs, CJK and
 * full-width punctuation) counts as one token, every other character as a quarter
 * of one, rounded up. Real tokenizers put Chinese at 0.6-1.5 tokens per character
 * and JSON/English at 3-4 characters per token, so this leans towards overcounting.
 */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/gu;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const other = [...text].length - cjk;
  return cjk + Math.ceil(other / 4);
}
