/** "Did you mean": the closest known name to a mistyped one. */

/** Edit distance (insert, delete, replace one character). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length]!;
}

/** The known name nearest to `word` within `max` edits (the first of equals), or undefined. */
export function nearestName(word: string, names: Iterable<string>, max = 2): string | undefined {
  let best: string | undefined;
  let bestD = max + 1;
  for (const n of names) {
    const d = editDistance(word, n);
    if (d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return best;
}
