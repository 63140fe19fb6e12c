/**
 * The log tail. GET /weblog answers the device's whole (bounded) ring every time; the
 * buffer appends only what is new, keeps order, and stays bounded itself. A device log that
 * was cleared or rotated past everything we had starts a new segment.
 */
export const LOG_CAPACITY = 10_000;

export interface LogBuffer {
  lines: string[];
  /** Total lines ever appended (so views can tell new lines arrived). */
  appended: number;
}

export function emptyLog(): LogBuffer {
  return { lines: [], appended: 0 };
}

/** How many leading lines of `incoming` we already hold (the overlap with our tail). */
export function overlap(held: readonly string[], incoming: readonly string[]): number {
  if (held.length === 0 || incoming.length === 0) return 0;
  const last = held[held.length - 1];
  // The newest line we hold appears in the incoming window at some index i; the lines
  // before it must match our tail too. Search from the end (new lines come last).
  for (let i = incoming.length - 1; i >= 0; i--) {
    if (incoming[i] !== last) continue;
    let ok = true;
    const span = Math.min(i + 1, held.length);
    for (let k = 1; k < span && ok; k++) ok = incoming[i - k] === held[held.length - 1 - k];
    if (ok) return i + 1;
  }
  return 0;
}

export function mergeLog(
  buf: LogBuffer,
  incoming: readonly string[],
  capacity = LOG_CAPACITY,
): LogBuffer {
  const skip = overlap(buf.lines, incoming);
  if (skip === incoming.length) return buf;
  const fresh = incoming.slice(skip);
  const lines =
    buf.lines.length + fresh.length > capacity
      ? [...buf.lines, ...fresh].slice(-capacity)
      : [...buf.lines, ...fresh];
  return { lines, appended: buf.appended + fresh.length };
}
