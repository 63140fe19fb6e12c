/**
 * The measured rate of a class of the delivery check. A device counts per rule only
 * (`datarate_raw`), never per class, so a class's rate is read from the counter of the rule
 * that takes it (starved) or sends it (extra):
 * - **exact** when the class is all of the rule's own packets (its match, on every port,
 *   minus what the rules above it take): every packet the counter counts is in the class;
 * - **at most** otherwise: the class is part of what the rule counts, so the rule's rate
 *   bounds it from above and says nothing more — no share is guessed;
 * - none for a class no rule takes (no counter counts it) or a rule the device gives no rate
 *   for (n/a).
 */
import { type Cube, subtractAll } from './cube.js';
import { MAX_PIECES, type Ranked, walk } from './table.js';

export interface ClassRate {
  /** bit/s, the rule's datarate_raw. */
  bps: number;
  /** The class is all the rule counts (else the rate is an upper bound). */
  exact: boolean;
}

/** A rate reader over one ranked table: each rule's own packets walked once. */
export function classRates(ranked: readonly Ranked[]) {
  const index = new Map(ranked.map((r, k) => [r, k]));
  const own = new Map<number, Cube[] | null>();
  const ownOf = (k: number): Cube[] | null => {
    if (!own.has(k)) {
      const pieces = walk(ranked, ranked[k]!.cube, k)
        .filter((p) => p.by === null)
        .map((p) => p.cube);
      // a walk cut short at MAX_PIECES is partial: no claim of exactness on it
      own.set(k, pieces.length >= MAX_PIECES ? null : pieces);
    }
    return own.get(k)!;
  };
  return (by: Ranked | null, cls: Cube): ClassRate | null => {
    const bps = by?.rule.datarate_raw;
    if (!by || typeof bps !== 'number' || !Number.isFinite(bps)) return null;
    const k = index.get(by);
    const all = k === undefined ? null : ownOf(k);
    return { bps, exact: all !== null && subtractAll(all, cls).length === 0 };
  };
}
