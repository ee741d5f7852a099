/**
 * Deterministic randomness for the simulation: a seeded PRNG for sequential generation and a
 * stateless integer hash for values that must be a pure function of (seed, time slot).
 */

/** mulberry32: small, fast, good enough for simulated data. Returns values in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit avalanche hash of several integers (any size: they are folded to 32 bits). */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const lo = part >>> 0;
    const hi = Math.floor(part / 4294967296) >>> 0;
    h = mix(h ^ lo);
    h = mix(h ^ hi);
  }
  return h;
}

/** hash32 mapped to [0, 1). */
export function hashUnit(...parts: number[]): number {
  return hash32(...parts) / 4294967296;
}

/** hash32 mapped to [-1, 1). */
export function hashSigned(...parts: number[]): number {
  return hashUnit(...parts) * 2 - 1;
}

/** Smooth value noise in [-1, 1]: cosine interpolation between hashed knots at integer x. */
export function valueNoise(seed: number, channel: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = hashSigned(seed, channel, i);
  const b = hashSigned(seed, channel, i + 1);
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return a * (1 - w) + b * w;
}

/** Picks from weighted choices with a value u in [0, 1). */
export function pickWeighted<T>(choices: ReadonlyArray<readonly [T, number]>, u: number): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let at = u * total;
  for (const [value, weight] of choices) {
    if (at < weight) return value;
    at -= weight;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new RangeError('pickWeighted needs at least one choice');
  return last[0];
}

function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
