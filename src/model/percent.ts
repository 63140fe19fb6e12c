/**
 * A percent of a bounded whole (TCAM flows, a line rate, memory), the one rule every screen and
 * check writes it by: whole percent rounded DOWN (99.9 % never reads 100 %), `<1` when
 * something is used but less than 1 % (never `0 %` beside a count that is not 0); HIGH from
 * 90 %, FULL from 100 %. The figures screens show are built on it in src/store/figures.ts.
 */

export type FillLevel = 'ok' | 'high' | 'full';

/** used / max as a ratio (≥ 0); a missing or zero maximum is full as soon as anything is used. */
export function ratioOf(used: number, max: number): number {
  const u = Number.isFinite(used) ? Math.max(0, used) : 0;
  if (Number.isFinite(max) && max > 0) return u / max;
  return u > 0 ? 1 : 0;
}

/** Whole percent, rounded down (may pass 100). */
export function percentOf(ratio: number): number {
  return Math.floor(ratio * 100 + 1e-9);
}

/** `0`, `<1`, `42`, `100`, `>999`: the percent of a ratio as every screen writes it (no `%`). */
export function percentText(ratio: number): string {
  if (!(ratio > 0)) return '0';
  const pct = percentOf(ratio);
  if (pct < 1) return '<1';
  return pct > 999 ? '>999' : String(pct);
}

export function levelOf(ratio: number): FillLevel {
  return ratio >= 1 ? 'full' : ratio >= 0.9 ? 'high' : 'ok';
}
