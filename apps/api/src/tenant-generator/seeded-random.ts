/**
 * Counter-based randomness: every draw is a hash of (seed, stream, a, b), so any reading of any point
 * can be drawn in any order and the same seed always gives the same tenant. No Math.random.
 */

/** Chris Wellons' lowbias32: a well-mixed 32-bit hash in four multiplies and shifts. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const GOLDEN = 0x9e3779b9;

/** A 32-bit unsigned draw for (seed, stream, a, b). */
export function drawUint32(seed: number, stream: number, a: number, b = 0): number {
  let h = mix32(seed ^ GOLDEN);
  h = mix32((h ^ stream) + GOLDEN);
  h = mix32((h ^ a) + GOLDEN);
  return mix32((h ^ b) + GOLDEN);
}

/** A draw in [0, 1). */
export function drawUnit(seed: number, stream: number, a: number, b = 0): number {
  return drawUint32(seed, stream, a, b) / 2 ** 32;
}

/** A whole number in [0, n). */
export function drawIndex(seed: number, stream: number, a: number, n: number, b = 0): number {
  return Math.floor(drawUnit(seed, stream, a, b) * n);
}

/** A random-looking but repeatable version-4 UUID for (seed, stream, a). */
export function drawUuid(seed: number, stream: number, a: number): string {
  const hex = [0, 1, 2, 3]
    .map((word) => drawUint32(seed, stream, a, word).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `length` repeatable bytes for (seed, stream). */
export function drawBytes(seed: number, stream: number, length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => drawUint32(seed, stream, i) & 0xff);
}
