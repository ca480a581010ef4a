import {
  ARABIC,
  BIG_UNIT_OF,
  CODE_COMMA,
  CODE_DOT,
  CODE_POINT,
  CODE_TEN,
  DIGIT,
  DIGIT_OF,
  NUMERAL,
  SMALL_UNIT_OF,
  classAt,
  isArabicCode,
} from './numeralChars.js';

/*
 * Reading one number: where it ends in a text (numeralEnd) and what it is worth
 * (numeralValue), on char codes without substrings.
 */

// ---- Arabic numbers: 60, 28.5, 1,200 ---------------------------------------------------

/**
 * End of the Arabic number at `start` (a digit): thousands groups (1,200) when at least
 * one full group follows and no digit after it, else the plain digits; then .decimals.
 */
function arabicEnd(text: string, start: number): number {
  const n = text.length;
  let run = start;
  while (run < n && isArabicCode(text.charCodeAt(run))) run++;
  let end = run;
  if (run - start <= 3 && run < n && text.charCodeAt(run) === CODE_COMMA) {
    let groups = 0;
    let g = run;
    while (
      g + 3 < n &&
      text.charCodeAt(g) === CODE_COMMA &&
      isArabicCode(text.charCodeAt(g + 1)) &&
      isArabicCode(text.charCodeAt(g + 2)) &&
      isArabicCode(text.charCodeAt(g + 3))
    ) {
      g += 4;
      groups++;
    }
    // A digit right after the last group takes that group back (1,234,5678 reads 1,234).
    if (groups > 0 && !(g < n && isArabicCode(text.charCodeAt(g)))) end = g;
    else if (groups >= 2) end = g - 4;
  }
  if (end + 1 < n && text.charCodeAt(end) === CODE_DOT && isArabicCode(text.charCodeAt(end + 1))) {
    end += 2;
    while (end < n && isArabicCode(text.charCodeAt(end))) end++;
  }
  return end;
}

/** Whether text[start, end) is exactly one Arabic number as arabicEnd reads it. */
function isArabicNumber(text: string, start: number, end: number): boolean {
  return start < end && isArabicCode(text.charCodeAt(start)) && arabicEnd(text, start) === end;
}

/** The value of digits, commas and one dot in text[start, end), as Number() reads it without the commas. */
function arabicValue(text: string, start: number, end: number): number {
  let mantissa = 0;
  let digits = 0;
  let scale = 1;
  let afterDot = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === CODE_COMMA) continue;
    if (code === CODE_DOT) {
      afterDot = true;
      continue;
    }
    // Past 15 digits the integer is no longer exact: let Number() round the decimal string.
    if (++digits > 15) return Number(text.slice(start, end).replace(/,/g, ''));
    mantissa = mantissa * 10 + (code - 48);
    if (afterDot) scale *= 10;
  }
  // Both exact, so the correctly rounded quotient is the double nearest the decimal.
  return mantissa / scale;
}

// ---- Numerals: 三十五, 一百二, 两千五, 三千零五, 3万, 1.5万, 三点五 -------------------------

/** The value of the numeral text[start, end), NaN when it is not one number. */
export function numeralValue(text: string, start: number, end: number): number {
  if (end - start === 1) {
    const code = text.charCodeAt(start);
    if (code === CODE_TEN) return 10;
    return DIGIT_OF[code]! >= 0 ? DIGIT_OF[code]! : NaN;
  }
  if (end <= start) return NaN;
  // An Arabic number holds no 点, so it may be read before looking for one.
  if (isArabicNumber(text, start, end)) return arabicValue(text, start, end);
  for (let point = start; point < end; point++) {
    if (text.charCodeAt(point) === CODE_POINT) return withFraction(numeralValue(text, start, point), text, point + 1, end);
  }

  let total = 0;
  let section = 0;
  let digit = 0;
  let hasDigit = false;
  let digitIsSingle = false;
  let lastSmall = 0;
  let lastBig = 0;
  let lastUnit = 0;
  let zeroSinceUnit = false;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (isArabicCode(code)) {
      let j = i + 1;
      while (j < end && (isArabicCode(text.charCodeAt(j)) || text.charCodeAt(j) === CODE_DOT || text.charCodeAt(j) === CODE_COMMA)) j++;
      if (hasDigit || !isArabicNumber(text, i, j)) return NaN;
      digit = arabicValue(text, i, j);
      hasDigit = true;
      digitIsSingle = j - i === 1;
      i = j;
      continue;
    }
    i++;
    const d = DIGIT_OF[code]!;
    if (d >= 0) {
      if (hasDigit) return NaN;
      if (d === 0) zeroSinceUnit = true;
      else {
        digit = d;
        hasDigit = true;
        digitIsSingle = true;
      }
      continue;
    }
    const small = SMALL_UNIT_OF[code]!;
    if (small !== 0) {
      // 十 alone means 一十; 百/千 alone (百货, 千万别) are not numbers.
      if (!hasDigit && small !== 10) return NaN;
      if (lastSmall !== 0 && small >= lastSmall) return NaN;
      section += (hasDigit ? digit : 1) * small;
      lastSmall = small;
      lastUnit = small;
      hasDigit = false;
      zeroSinceUnit = false;
      continue;
    }
    const big = BIG_UNIT_OF[code]!;
    if (big === 0) return NaN;
    const group = section + (hasDigit ? digit : 0);
    if (group === 0) return NaN;
    total = lastBig === 0 || big < lastBig ? total + group * big : (total + group) * big;
    section = 0;
    hasDigit = false;
    lastSmall = 0;
    lastBig = big;
    lastUnit = big;
    zeroSinceUnit = false;
  }
  if (hasDigit) {
    // Spoken abbreviation: 一百二 = 120, 两千五 = 2500, 一万二 = 12000 (but 三千零五 = 3005).
    if (digitIsSingle && !zeroSinceUnit && lastUnit >= 100) section += digit * (lastUnit / 10);
    else if (lastUnit !== 0 && digit >= lastUnit) return NaN;
    else section += digit;
  }
  return total + section;
}

/** whole + 0.<digits of text[start, end)>, NaN when a character is no digit. */
function withFraction(whole: number, text: string, start: number, end: number): number {
  if (Number.isNaN(whole) || start >= end) return NaN;
  let digits = 0;
  let scale = 1;
  for (let i = start; i < end; i++) {
    const d = DIGIT_OF[text.charCodeAt(i)]!;
    if (d < 0) return NaN;
    digits = digits * 10 + d;
    scale *= 10;
  }
  if (end - start <= 15) return whole + digits / scale;
  let fraction = '0.';
  for (let i = start; i < end; i++) fraction += String(DIGIT_OF[text.charCodeAt(i)]);
  return whole + Number(fraction);
}

/** End of the numeral starting at `start`, -1 when none does: numeral characters and Arabic numbers, then 点 digits. */
export function numeralEnd(text: string, start: number): number {
  let j = start;
  for (let flags = classAt(text, j); (flags & (ARABIC | NUMERAL)) !== 0; flags = classAt(text, j)) {
    j = (flags & ARABIC) !== 0 ? arabicEnd(text, j) : j + 1;
  }
  if (j === start) return -1;
  if (j < text.length && text.charCodeAt(j) === CODE_POINT && (classAt(text, j + 1) & DIGIT) !== 0) {
    j += 2;
    while ((classAt(text, j) & DIGIT) !== 0) j++;
  }
  return j;
}
