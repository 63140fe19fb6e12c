/**
 * One-line history chart. Newest value on the right; missing samples (NaN, null, ±∞) are
 * blanks, so a gap in polling is visible as a gap rather than as a zero.
 */
import type { JSX } from 'react';
import { Text } from './safe-text.js';

const BARS = '▁▂▃▄▅▆▇█';

export type SparkValue = number | null | undefined;

function present(value: SparkValue): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The last `width` values as bars scaled to `max` (default: the largest shown value),
 * left-padded with spaces to exactly `width` characters. Values ≤ 0 draw the lowest bar.
 */
export function sparkline(values: readonly SparkValue[], width: number, max?: number): string {
  const w = Math.max(0, Math.trunc(width));
  if (w === 0) return '';
  const shown = values.slice(Math.max(0, values.length - w));
  let top = max !== undefined && Number.isFinite(max) ? max : 0;
  if (max === undefined || !Number.isFinite(max)) {
    for (const v of shown) if (present(v) && v > top) top = v;
  }
  let out = ' '.repeat(w - shown.length);
  for (const v of shown) {
    if (!present(v)) {
      out += ' ';
      continue;
    }
    const level = top > 0 ? Math.round((Math.min(v, top) / top) * (BARS.length - 1)) : 0;
    out += BARS[Math.max(0, level)];
  }
  return out;
}

export interface SparklineProps {
  values: readonly SparkValue[];
  width: number;
  max?: number;
  color?: string;
}

export function Sparkline({ values, width, max, color }: SparklineProps): JSX.Element {
  return (
    <Text color={color} wrap="truncate-end">
      {sparkline(values, width, max)}
    </Text>
  );
}
