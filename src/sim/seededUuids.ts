import { mulberry32 } from '../util/random.js';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** RFC 4122 version-4 shaped UUIDs drawn from a seeded PRNG, so runs with the same --seed are identical. */
export function seededUuids(seed: number): () => string {
  const random = mulberry32(seed);
  return () => {
    let uuid = '';
    for (let i = 0; i < 16; i++) {
      let byte = Math.floor(random() * 256);
      if (i === 6) byte = (byte & 0x0f) | 0x40;
      if (i === 8) byte = (byte & 0x3f) | 0x80;
      uuid += HEX[byte]!;
      if (i === 3 || i === 5 || i === 7 || i === 9) uuid += '-';
    }
    return uuid;
  };
}
