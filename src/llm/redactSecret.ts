export const REDACTED = '[redacted]';

/** Keys shorter than this would match ordinary text; they are left alone. */
const MIN_SECRET_LENGTH = 4;

/**
 * A function that replaces `secret` wherever it appears, also as a server or a log might echo
 * it: upper or lower case, base64 and base64url (at any byte alignment, e.g. inside a Basic
 * credential), URL-encoded, hex.
 */
export function secretRedactor(secret: string): (text: string) => string {
  if (secret.length < MIN_SECRET_LENGTH) return (text) => text;
  const forms = [...new Set(secretForms(secret))].filter((form) => form.length >= MIN_SECRET_LENGTH);
  // Longest first, so a form is not half-replaced by a shorter one inside it.
  forms.sort((a, b) => b.length - a.length);
  return (text) => {
    if (typeof text !== 'string') return text;
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.split(form).join(REDACTED);
    return result;
  };
}

function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [secret, secret.toUpperCase(), secret.toLowerCase(), encodeURIComponent(secret), bytes.toString('hex'), bytes.toString('hex').toUpperCase()];
  for (let shift = 0; shift < 3; shift++) {
    for (const encoding of ['base64', 'base64url'] as const) forms.push(base64Core(bytes, shift, encoding));
  }
  return forms;
}

/**
 * The base64 characters that depend only on `bytes` when `shift` bytes of anything come before
 * them: the encoding of the whole group-aligned run, minus the partial characters at each end.
 */
function base64Core(bytes: Buffer, shift: number, encoding: 'base64' | 'base64url'): string {
  const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
  const text = padded.toString(encoding).replace(/=+$/, '');
  const firstFull = Math.ceil(shift / 3) * 4;
  const usableBytes = Math.floor(padded.length / 3) * 3;
  const lastFull = (usableBytes / 3) * 4;
  return text.slice(firstFull, lastFull);
}
