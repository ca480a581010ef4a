/** A key JavaScript orders before the others in a plain object (an array index: its keys come first, ascending, then the rest as they were set). */
export function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
