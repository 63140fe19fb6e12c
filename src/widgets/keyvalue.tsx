/**
 * Aligned label/value lines (device summary, rule details). Values are device strings:
 * sanitized and cut to the width.
 */
import { Box } from 'ink';
import { Fragment, type JSX } from 'react';
import { Text, TextLines } from './safe-text.js';
import { cleanText, fitCell, textWidth, truncateText } from './text.js';

export type KeyValuePair = readonly [label: string, value: string | number | null | undefined];

export interface KeyValueProps {
  pairs: readonly KeyValuePair[];
  width: number;
  /** Label column width; defaults to the longest label, at most half the width. */
  labelWidth?: number;
}

const MISSING = '—';

/** Label column width actually used for `pairs` at `width`. */
function keyValueLabelWidth(
  pairs: readonly KeyValuePair[],
  width: number,
  labelWidth?: number,
): number {
  const w = Math.max(0, Math.trunc(width));
  const wanted =
    labelWidth ?? pairs.reduce((max, [label]) => Math.max(max, textWidth(cleanText(label))), 0);
  return Math.max(0, Math.min(Math.trunc(wanted), Math.floor(w / 2)));
}

/** One line per pair: label padded to the label column, a space, the value; ≤ width. */
export function layoutKeyValue(
  pairs: readonly KeyValuePair[],
  width: number,
  labelWidth?: number,
): Array<{ label: string; value: string }> {
  const w = Math.max(0, Math.trunc(width));
  const lw = keyValueLabelWidth(pairs, w, labelWidth);
  const valueWidth = Math.max(0, w - lw - (lw > 0 ? 1 : 0));
  return pairs.map(([label, value]) => {
    const text = value === null || value === undefined || value === '' ? MISSING : String(value);
    return {
      label: lw > 0 ? `${fitCell(label, lw)} ` : '',
      value: truncateText(cleanText(text), valueWidth).text,
    };
  });
}

export function KeyValue({ pairs, width, labelWidth }: KeyValueProps): JSX.Element {
  const lines = layoutKeyValue(pairs, width, labelWidth);
  // one text of all the lines (each within the width): one layout node, not one per pair
  return (
    <Box flexDirection="column" width={Math.max(0, Math.trunc(width))}>
      <TextLines
        lines={lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; order is fixed
          <Fragment key={i}>
            <Text dimColor>{line.label}</Text>
            {line.value}
          </Fragment>
        ))}
      />
    </Box>
  );
}
