/**
 * Sets of integers as sorted, disjoint, non-adjacent closed intervals `[lo, hi]` — the one
 * shape every dimension of a packet class takes (ports, VLAN IDs, ethertypes, IPv4 addresses
 * as 32-bit numbers, L4 ports). Immutable: every operation returns a new set.
 */
export type IntSet = readonly (readonly [number, number])[];

export const EMPTY: IntSet = [];

export const range = (lo: number, hi: number): IntSet => (lo > hi ? EMPTY : [[lo, hi]]);

/** Sorts and joins overlapping or adjacent intervals. */
export function normalize(parts: readonly (readonly [number, number])[]): IntSet {
  const sorted = parts.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export const ofValues = (values: readonly number[]): IntSet =>
  normalize(values.map((v) => [v, v] as const));

export function intersect(a: IntSet, b: IntSet): IntSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [al, ah] = a[i]!;
    const [bl, bh] = b[j]!;
    const lo = Math.max(al, bl);
    const hi = Math.min(ah, bh);
    if (lo <= hi) out.push([lo, hi]);
    if (ah < bh) i++;
    else j++;
  }
  return out;
}

/** a − b. */
export function subtract(a: IntSet, b: IntSet): IntSet {
  const out: [number, number][] = [];
  let j = 0;
  for (const [al, ah] of a) {
    let lo = al;
    while (j < b.length && b[j]![1] < lo) j++;
    let k = j;
    while (k < b.length && b[k]![0] <= ah) {
      const [bl, bh] = b[k]!;
      if (bl > lo) out.push([lo, bl - 1]);
      lo = Math.max(lo, bh + 1);
      if (bh >= ah) break;
      k++;
    }
    if (lo <= ah) out.push([lo, ah]);
  }
  return out;
}

export const union = (a: IntSet, b: IntSet): IntSet => normalize([...a, ...b]);

export const isEmpty = (a: IntSet): boolean => a.length === 0;

export const equals = (a: IntSet, b: IntSet): boolean =>
  a.length === b.length && a.every(([l, h], i) => l === b[i]![0] && h === b[i]![1]);

/** a ⊆ b. */
export const within = (a: IntSet, b: IntSet): boolean => isEmpty(subtract(a, b));

export const has = (a: IntSet, v: number): boolean => a.some(([l, h]) => v >= l && v <= h);

export const size = (a: IntSet): number => a.reduce((n, [l, h]) => n + h - l + 1, 0);

/** The values, for small sets (the caller knows the size). */
export function values(a: IntSet): number[] {
  const out: number[] = [];
  for (const [l, h] of a) for (let v = l; v <= h; v++) out.push(v);
  return out;
}

/**
 * The set as aligned power-of-two blocks (value, block size), fewest first-fit: what a
 * value/mask TCAM entry can hold (a prefix of an address, a VLAN ID block).
 */
export function blocks(a: IntSet): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of a) {
    let cur = lo;
    while (cur <= hi) {
      let size = 1;
      while (cur % (size * 2) === 0 && cur + size * 2 - 1 <= hi) size *= 2;
      out.push([cur, size]);
      cur += size;
    }
  }
  return out;
}

export function text(a: IntSet, name: (v: number) => string = String): string {
  return a.map(([l, h]) => (l === h ? name(l) : `${name(l)}-${name(h)}`)).join(',');
}
