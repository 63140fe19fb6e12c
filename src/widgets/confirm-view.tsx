/**
 * The confirmation panel's frame: a body, then its keys. Only the one confirmation component
 * (ConfirmPanel, confirm-panel.tsx) draws it — a screen's dialog (`dialog.ask`, the scrolled
 * text of `DialogView`) and a plan with a typed word or a save-point box (`ChangeDialog`,
 * Rules, Groups, the Journal's undo) — with the one body (confirm-body.ts), so the two never
 * drift apart. Render only: the keys are the confirmations' reducer (src/screens/confirm.tsx
 * `confirmKey`).
 */
import { Box } from 'ink';
import type { ReactElement } from 'react';
import { clampLines } from './forms/view.js';
import { Panel } from './panel.js';
import { Text } from './safe-text.js';
import { clipLine } from './text.js';

/** One line of text, with its style; the caller has wrapped it to the width. */
export type ConfirmLine = string | { text: string; color?: string; bold?: boolean; dim?: boolean };

export interface ConfirmViewProps {
  title: string;
  /** The body, wrapped to the panel's inner width (width - 4). */
  lines: readonly ConfirmLine[];
  /** The last lines: the keys (choices, the word to type, the revert time) or why not. */
  footer: readonly ReactElement[];
  width: number;
  height: number;
  /** 'round' for a change plan (the editors' confirmations), 'single' for a screen's dialog. */
  border?: 'single' | 'round';
  /**
   * The first body line shown, for a body that scrolls (↑↓, PgUp/PgDn); without it a body
   * too long is cut, its last line saying how many were left out, and the panel is as high
   * as what it shows.
   */
  scroll?: number;
}

const textOf = (l: ConfirmLine) => (typeof l === 'string' ? l : l.text);

/** How many body lines fit above `footer` lines in a panel `height` high (border, title). */
export function confirmRoom(height: number, footer: number): number {
  return Math.max(1, height - 3 - footer);
}

/** The body lines shown: a window at `scroll`, or all that fit with a "… N more lines" last. */
function shownLines(lines: readonly ConfirmLine[], room: number, scroll?: number): ConfirmLine[] {
  if (scroll !== undefined) return lines.slice(scroll, scroll + room);
  if (lines.length <= room) return [...lines];
  const note = clampLines(lines.map(textOf), room).at(-1)!;
  return [...lines.slice(0, room - 1), note];
}

function LineText({ line, width }: { line: ConfirmLine; width: number }) {
  const text = clipLine(textOf(line), width) || ' ';
  if (typeof line === 'string') return <Text wrap="truncate-end">{text}</Text>;
  return (
    <Text
      wrap="truncate-end"
      {...(line.color ? { color: line.color } : {})}
      bold={Boolean(line.bold)}
      dimColor={Boolean(line.dim)}
    >
      {text}
    </Text>
  );
}

/** Styled lines in a box `height` lines high (their number by default), each cut to `width`. */
export function TextLines(props: {
  lines: readonly ConfirmLine[];
  width: number;
  height?: number;
}): ReactElement {
  return (
    <Box
      flexDirection="column"
      height={Math.max(0, props.height ?? props.lines.length)}
      overflow="hidden"
    >
      {props.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <LineText key={i} line={l} width={props.width} />
      ))}
    </Box>
  );
}

export function ConfirmView(props: ConfirmViewProps): ReactElement {
  const inner = Math.max(10, props.width - 4);
  const room = confirmRoom(props.height, props.footer.length);
  const shown = shownLines(props.lines, room, props.scroll);
  const height =
    props.scroll === undefined
      ? Math.min(props.height, shown.length + props.footer.length + 3)
      : props.height;
  return (
    <Panel
      title={clipLine(props.title, inner)}
      width={props.width}
      height={height}
      {...(props.border ? { border: props.border } : {})}
    >
      <TextLines lines={shown} width={inner} />
      {/* a scrolled body keeps its keys at the bottom of the panel */}
      <Box flexGrow={1} />
      {props.footer}
    </Panel>
  );
}
