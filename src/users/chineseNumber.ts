const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
const UNITS = ['', '十', '百', '千'] as const;

/** A whole number below 10 000 the way it is spoken: 15 → 十五, 105 → 一百零五, 2000 → 两千. */
export function chineseWhole(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 10_000) throw new RangeError(`no spoken form for ${n}`);
  if (n === 0) return DIGITS[0];
  const digits = String(n).split('').map(Number);
  let out = '';
  let zeroPending = false;
  digits.forEach((digit, i) => {
    const place = digits.length - 1 - i;
    if (digit === 0) {
      zeroPending = out !== '';
      return;
    }
    if (zeroPending) out += DIGITS[0];
    zeroPending = false;
    // 十五, not 一十五; 两百 / 两千, as people say them.
    const word = digit === 1 && place === 1 && out === '' ? '' : digit === 2 && place >= 2 ? '两' : DIGITS[digit]!;
    out += word + UNITS[place]!;
  });
  return out;
}

export function chineseDigit(n: number): string {
  return DIGITS[n] ?? String(n);
}
