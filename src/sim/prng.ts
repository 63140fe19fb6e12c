/**
 * Stateless, allocation-free hashing used to derive deterministic "random" parameters for the
 * simulated device from a seed plus a few integers (port number, parameter index …).
 */

/** 32-bit avalanche mix (from MurmurHash3's finaliser). */
function mix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash a seed and up to three integers to an unsigned 32-bit value. */
export function hash32(seed: number, a = 0, b = 0, c = 0): number {
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(a | 0, 0x27d4eb2f));
  h = mix32(h ^ Math.imul(b | 0, 0x165667b1));
  h = mix32(h ^ Math.imul(c | 0, 0x61c88647));
  return h;
}

/** Deterministic value in [0, 1). */
export function unit(seed: number, a = 0, b = 0, c = 0): number {
  return hash32(seed, a, b, c) / 4294967296;
}

/** Deterministic value in [lo, hi). */
export function between(lo: number, hi: number, seed: number, a = 0, b = 0, c = 0): number {
  return lo + (hi - lo) * unit(seed, a, b, c);
}
