import { seededRandom } from '../llm/seededRandom.js';

/** RFC 4122 version-4 shaped UUIDs drawn from a seeded PRNG, so runs with the same --seed are identical. */
export function seededUuids(seed: number): () => string {
  const random = seededRandom(seed);
  return () => {
    const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}
