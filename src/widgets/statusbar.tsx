/**
 * Bottom bar: one line of key hints and, when there is one, a second line with the last
 * error ('! …') or, failing that, an info message. The '!' marks an error without colour.
 */
import { Box } from 'ink';
import type { JSX } from 'react';
import { Text } from './safe-text.js';
import { cleanText, textWidth, truncateText } from './text.js';

export interface KeyHint {
  key: string;
  label: string;
  /** Kept at the end of the line when others must be dropped (help, quit). */
  pinned?: boolean;
}

export interface StatusBarProps {
  width: number;
  hints: readonly KeyHint[];
  error?: string;
  info?: string;
}

const HINT_GAP = '  ';

/**
 * Hints as `key label` separated by two spaces. Whole hints that do not fit are dropped
 * and replaced by '…'; pinned hints stay, at the end, as long as they fit at all; never
 * wider than `width`.
 */
export function formatHints(hints: readonly KeyHint[], width: number): string {
  const w = Math.max(0, Math.trunc(width));
  const pinned = hints.filter((h) => h.pinned);
  if (pinned.length === 0 || pinned.length === hints.length) return fill(hints, w);
  const tail = pinned.map((h) => `${cleanText(h.key)} ${cleanText(h.label)}`).join(HINT_GAP);
  const room = w - textWidth(tail) - HINT_GAP.length;
  const rest = hints.filter((h) => !h.pinned);
  // the pinned ones and the first other hint do not fit: plain order, cut at the end
  const first = rest[0]!;
  if (room < textWidth(`${cleanText(first.key)} ${cleanText(first.label)}`)) return fill(hints, w);
  return `${fill(rest, room)}${HINT_GAP}${tail}`;
}

/** `hints` in order while they fit in `w`, then '…' when some were dropped. */
function fill(hints: readonly KeyHint[], w: number): string {
  let line = '';
  let used = 0;
  for (const [i, hint] of hints.entries()) {
    const text = `${i > 0 ? HINT_GAP : ''}${cleanText(hint.key)} ${cleanText(hint.label)}`;
    const tw = textWidth(text);
    const last = i === hints.length - 1;
    // Leave room for the '…' that says more hints exist, unless this is the last one.
    if (used + tw <= w - (last ? 0 : HINT_GAP.length + 1)) {
      line += text;
      used += tw;
      continue;
    }
    if (i === 0) return truncateText(text, w).text;
    return used + HINT_GAP.length + 1 <= w ? `${line}${HINT_GAP}…` : line;
  }
  return line;
}

/** The second line's text ('! error' or info), or undefined when there is none. */
function statusMessage(
  props: Pick<StatusBarProps, 'error' | 'info' | 'width'>,
): string | undefined {
  const w = Math.max(0, Math.trunc(props.width));
  if (props.error) return truncateText(`! ${cleanText(props.error)}`, w).text;
  if (props.info) return truncateText(cleanText(props.info), w).text;
  return undefined;
}

/** Lines the status bar takes: 1, or 2 with an error or info message. */
export function statusBarHeight(props: Pick<StatusBarProps, 'error' | 'info'>): number {
  return props.error || props.info ? 2 : 1;
}

export function StatusBar(props: StatusBarProps): JSX.Element {
  const w = Math.max(0, Math.trunc(props.width));
  const message = statusMessage(props);
  return (
    <Box flexDirection="column" width={w} height={statusBarHeight(props)} overflow="hidden">
      <Text dimColor wrap="truncate-end">
        {formatHints(props.hints, w)}
      </Text>
      {message !== undefined && (
        <Text
          color={props.error ? 'red' : undefined}
          bold={Boolean(props.error)}
          wrap="truncate-end"
        >
          {message}
        </Text>
      )}
    </Box>
  );
}
