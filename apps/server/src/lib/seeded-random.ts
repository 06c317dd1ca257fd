/** A number in [0, 1), like Math.random. */
export type Random = () => number;

/**
 * A small seeded generator (mulberry32): the same seed gives the same numbers, so generated
 * listings and benchmark request mixes can be made again exactly and runs compared.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
