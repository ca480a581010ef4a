/** A value as it appears in a message: strings quoted, everything else as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

export { didYouMean } from '../util/didYouMean.js';
