/**
 * The one bound of pbc's caches: `key → value` set in `map`, which is cleared first when it
 * already holds `max` entries, so a cache keeps at most what one screen or one table uses.
 * Returns `value`.
 */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (map.size >= max) map.clear();
  map.set(key, value);
  return value;
}

/** What `map` holds for `key`, or `make()`'s value, then kept under `setBounded`'s bound. */
export function rememberBounded<K, V>(map: Map<K, V>, max: number, key: K, make: () => V): V {
  const have = map.get(key);
  return have !== undefined ? have : setBounded(map, max, key, make());
}
