/**
 * Work on big answers done a slice at a time, the event loop running in between, so that the
 * console keeps drawing frames and answering keys while it reads 65,536 rules. JSON parsing
 * in slices is in json-slices.ts.
 */

/** Lets timers, I/O and React run before the next slice. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Lists up to this long are mapped at once: a TCAM holds 4,096 rules, the usual case. */
export const MAP_AT_ONCE = 4096;
/** Elements per slice of a longer list (1,024 rules normalize in ~3 ms on the build machine). */
const MAP_SLICE = 1024;

/** `items.map(fn)`; a list longer than MAP_AT_ONCE a slice at a time. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
  options: { atOnce?: number; size?: number; pause?: () => Promise<void> } = {},
): Promise<U[]> {
  const { atOnce = MAP_AT_ONCE, size = MAP_SLICE, pause = nextTurn } = options;
  if (items.length <= atOnce) return items.map(fn);
  const out = new Array<U>(items.length);
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await pause();
    const end = Math.min(items.length, start + size);
    for (let i = start; i < end; i++) out[i] = fn(items[i]!, i);
  }
  return out;
}
