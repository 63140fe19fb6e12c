/**
 * The Overview's selection: one list of what Enter opens, in the order ↑/↓ go (the
 * environment, the ports, the rules), selected by the item's id — the lists re-order with
 * every poll — and, until one is picked, the first port listed (the busiest).
 */
import type { ListMove } from '../../widgets/index.js';

/** The index selected: the item picked while it is listed, else `start`. */
export function selectedAt(ids: readonly string[], picked: string | null, start: number): number {
  const at = picked === null ? -1 : ids.indexOf(picked);
  return at >= 0 ? at : start;
}

/** Where a move goes from `selected` in a list of `count` (pages of 5, clamped to the ends). */
export function moveTo(m: ListMove, selected: number, count: number): number {
  const last = Math.max(0, count - 1);
  const step = m === 'up' ? -1 : m === 'down' ? 1 : m === 'pageUp' ? -5 : m === 'pageDown' ? 5 : 0;
  return m === 'home' ? 0 : m === 'end' ? last : Math.max(0, Math.min(last, selected + step));
}
