/**
 * A change's state before and after as one diff of their JSON lines (the Journal screen's
 * Enter): `-` a line only before, `+` a line only after, unchanged lines kept around each
 * change (CONTEXT of them) and the rest folded into `… N unchanged lines`.
 */

export type DiffLine = { mark: ' ' | '-' | '+'; text: string };

const CONTEXT = 2;
/** Past this many cells the middle is shown as removed then added, not aligned. */
const MAX_CELLS = 4_000_000;

/** The lines of `a` and `b` aligned: common prefix and suffix, the middle by LCS. */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const same = (text: string): DiffLine => ({ mark: ' ', text });
  const out: DiffLine[] = a.slice(0, start).map(same);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    out.push(...midA.map((text) => ({ mark: '-' as const, text })));
    out.push(...midB.map((text) => ({ mark: '+' as const, text })));
  } else out.push(...lcs(midA, midB));
  out.push(...a.slice(endA).map(same));
  return out;
}

function lcs(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  // len[i][j]: the longest common subsequence of a[i..] and b[j..]
  const len = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i]![j] =
        a[i] === b[j] ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ mark: ' ', text: a[i]! });
      i++;
      j++;
    } else if (len[i + 1]![j]! >= len[i]![j + 1]!) out.push({ mark: '-', text: a[i++]! });
    else out.push({ mark: '+', text: b[j++]! });
  }
  while (i < n) out.push({ mark: '-', text: a[i++]! });
  while (j < m) out.push({ mark: '+', text: b[j++]! });
  return out;
}

/** The diff as display lines, unchanged runs beyond the context folded. */
export function foldedDiff(lines: readonly DiffLine[], context = CONTEXT): string[] {
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.mark === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++)
      near[k] = true;
  });
  const out: string[] = [];
  let hidden: string[] = [];
  const flush = () => {
    // a fold that saves no line shows the lines themselves
    if (hidden.length > 2) out.push(`  … ${hidden.length} unchanged lines`);
    else out.push(...hidden);
    hidden = [];
  };
  for (const [i, l] of lines.entries()) {
    const shown = `${l.mark} ${l.text}`;
    if (l.mark === ' ' && !near[i]) {
      hidden.push(shown);
      continue;
    }
    flush();
    out.push(shown);
  }
  flush();
  return out;
}
