/**
 * Fill gauge for a bounded resource (flow table, TCAM, disk). The level is spelled out
 * ('HIGH', 'FULL') beside the bar so it reads without colour.
 */
import { Box } from 'ink';
import type { JSX } from 'react';
import { levelOf, percentOf, percentText, ratioOf } from '../store/figures.js';
import { Text } from './safe-text.js';
import { cleanText, truncateText } from './text.js';

export type GaugeLevel = ReturnType<typeof levelOf>;

export interface GaugeText {
  /** `[█████·····]`, exactly `width` columns (at least the two brackets). */
  bar: string;
  /** Whole percent, rounded down so 99.9 % never reads 100 %; may exceed 100. */
  pct: number;
  level: GaugeLevel;
}

const LEVEL_WORD: Record<GaugeLevel, string> = { ok: '', high: 'HIGH', full: 'FULL' };
const LEVEL_COLOR: Record<GaugeLevel, string> = { ok: 'green', high: 'yellow', full: 'red' };

export function gaugeText(used: number, max: number, width: number): GaugeText {
  // the percent and the level every screen shows (src/store/figures.ts)
  const ratio = ratioOf(used, max);
  const level = levelOf(ratio);
  const inner = Math.max(0, Math.trunc(width) - 2);
  const filled = ratio >= 1 ? inner : Math.min(inner, Math.floor(ratio * inner));
  return {
    bar: `[${'█'.repeat(filled)}${'·'.repeat(inner - filled)}]`,
    pct: percentOf(ratio),
    level,
  };
}

export interface GaugeProps {
  used: number;
  max: number;
  width: number;
  label?: string;
}

/** The pieces of a gauge line (label, bar, suffix), together at most `width` columns. */
export function gaugeLine(
  used: number,
  max: number,
  width: number,
  label = '',
): { label: string; bar: string; suffix: string; level: GaugeLevel } {
  const w = Math.max(0, Math.trunc(width));
  const { level } = gaugeText(used, max, 2);
  // Fixed-width suffix (' 100 % FULL') so the bar does not jump when the level changes;
  // `<1 %` when something is used (never `0 %` beside a count that is not 0).
  const pctText = percentText(ratioOf(used, max)).padStart(3);
  const suffix = ` ${pctText} % ${LEVEL_WORD[level]}`.trimEnd();
  const suffixWidth = Math.max(11, suffix.length);
  const name = truncateText(cleanText(label), Math.max(0, w - suffixWidth - 6));
  const labelPart = name.width > 0 ? `${name.text} ` : '';
  const barWidth = w - (name.width > 0 ? name.width + 1 : 0) - suffixWidth;
  if (barWidth < 4) {
    // Too narrow for a bar: keep the number and the level word.
    return { label: '', bar: '', suffix: truncateText(suffix.trimStart(), w).text, level };
  }
  return { label: labelPart, bar: gaugeText(used, max, barWidth).bar, suffix, level };
}

export function Gauge({ used, max, width, label }: GaugeProps): JSX.Element {
  const line = gaugeLine(used, max, width, label);
  const color = LEVEL_COLOR[line.level];
  // already fitted to `width`: a neighbour in the same row does not squeeze the percent off
  return (
    <Box flexShrink={0}>
      <Text wrap="truncate-end">
        {line.label}
        <Text color={color}>{line.bar}</Text>
        <Text color={line.level === 'ok' ? undefined : color} bold={line.level !== 'ok'}>
          {line.suffix}
        </Text>
      </Text>
    </Box>
  );
}
