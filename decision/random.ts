/**
 * A seeded pseudo-random generator, so that a simulation run with the same seed is reproducible bit for bit.
 *
 * Algorithm: sfc32 ("Small Fast Counting", Chris Doty-Humphrey, from the PractRand test suite; passes PractRand
 * and TestU01 BigCrush), with its 128-bit state filled by splitmix32 (the 32-bit variant of Steele, Lea & Flood's
 * SplitMix, "Fast splittable pseudorandom number generators", OOPSLA 2014, with the mixing constants of
 * Chris Wellons' hash-prospector). Both follow the widely used JavaScript renditions in bryc/code "PRNGs.md".
 * They are written with `Math.imul` and `| 0` so every step is exact 32-bit integer arithmetic: the sequence is
 * the same on every JavaScript engine and platform.
 */

const TWO_POW_32 = 4294967296;

/** sfc32's author recommends discarding the first outputs so the seeding's structure is mixed away. */
const SFC32_WARM_UP_OUTPUTS = 15;

/** Returns successive 32-bit words from a splitmix32 sequence starting at `state`. Only used to seed sfc32. */
function splitmix32(state: number): () => number {
  let current = state | 0;
  return () => {
    current = (current + 0x9e3779b9) | 0;
    let mixed = current ^ (current >>> 16);
    mixed = Math.imul(mixed, 0x21f0aaad);
    mixed ^= mixed >>> 15;
    mixed = Math.imul(mixed, 0x735a2d97);
    mixed ^= mixed >>> 15;
    return mixed >>> 0;
  };
}

/**
 * A generator of uniform numbers in [0, 1), with 32 bits of randomness each, determined entirely by `seed`.
 *
 * `seed` may be any safe integer (negative ones included). Its low and high 32-bit halves seed two independent
 * splitmix32 sequences; because splitmix32's first output is a bijection of its seed, distinct seeds always give
 * distinct sfc32 states and so distinct streams.
 */
export function createRandom(seed: number): () => number {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${seed}`);
  }
  const lowWords = splitmix32(seed >>> 0);
  const highWords = splitmix32(Math.floor(seed / TWO_POW_32) | 0);
  let a = lowWords();
  let b = lowWords();
  let c = highWords();
  let d = highWords();

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / TWO_POW_32;
  };

  for (let i = 0; i < SFC32_WARM_UP_OUTPUTS; i += 1) next();
  return next;
}
