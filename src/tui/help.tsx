/**
 * `?`: every key of the current screen, read from the keymap table. Two columns when every
 * line fits whole in half the width; otherwise one column that scrolls (↑/↓, PgUp/PgDn, g/G),
 * so that at 80×24 no key and no description is cut off or left out.
 */
import { Box } from 'ink';
import stringWidth from 'string-width';
import { NAV_KEYS, Panel, Text } from '../widgets/index.js';
import { bindingsFor, keyLabel, SCREENS, type ScreenId } from './keymap.js';

/** The help's lines for one screen: its own keys, then the keys that work everywhere. */
export function helpLines(screen: ScreenId, readonly: boolean): string[] {
  const title = screenTitle(screen);
  const all = bindingsFor(screen);
  const screens = all.filter((b) => b.command.startsWith('screen.'));
  const rows = [
    { keys: '1-9', label: screens.map((b) => b.label).join(', '), own: false },
    ...all
      .filter((b) => !b.command.startsWith('screen.'))
      .map((b) => ({
        keys: b.keys.map(keyLabel).join(' / '),
        // in front, so a narrow help that cuts the line keeps it
        label: `${b.write && readonly ? '(off: read-only) ' : ''}${b.label}`,
        own: b.scope !== 'global',
      })),
  ];
  // the key column is as wide as its longest entry (at most 16), at least 10
  const keyWidth = Math.min(16, Math.max(10, ...rows.map((r) => stringWidth(r.keys))));
  const line = (r: { keys: string; label: string }) => `  ${r.keys.padEnd(keyWidth)} ${r.label}`;
  const own = rows.filter((r) => r.own);
  const global = rows.filter((r) => !r.own);
  return [
    ...(own.length ? [`${title} keys`, ...own.map(line), ''] : []),
    'Everywhere',
    ...global.map(line),
  ];
}

export interface HelpLayout {
  /** One or two columns of lines, as shown. */
  columns: string[][];
  /** Index of the first line shown (one-column layout), clamped. */
  first: number;
  /** Lines in all, and how many fit on screen at once. */
  total: number;
  visible: number;
  /** Width of a column. */
  columnWidth: number;
}

/**
 * How the lines are shown in a box of `width` × `height` (border 2, title 1): all in one
 * column when they fit; two columns when every line fits whole in half the width and both
 * columns hold them all; else one column from `scroll` on.
 */
export function helpLayout(
  lines: readonly string[],
  width: number,
  height: number,
  scroll: number,
): HelpLayout {
  const inner = Math.max(1, height - 3);
  const full = width - 4;
  const half = Math.floor(full / 2);
  const total = lines.length;
  const whole = { first: 0, total, visible: total };
  if (total <= inner) return { columns: [[...lines]], ...whole, columnWidth: full };
  if (total <= inner * 2 && lines.every((l) => stringWidth(l) <= half - 1))
    return { columns: [lines.slice(0, inner), lines.slice(inner)], ...whole, columnWidth: half };
  const first = Math.max(0, Math.min(scroll, total - inner));
  const shown = lines.slice(first, first + inner);
  return { columns: [shown], first, total, visible: inner, columnWidth: full };
}

/** The new first line after a navigation key (clamped by helpLayout), or undefined for another key. */
export function helpScroll(key: string, scroll: number, page: number): number | undefined {
  const move = NAV_KEYS[key];
  if (move === undefined) return undefined;
  const by = { up: -1, down: 1, pageUp: -page, pageDown: page, home: -scroll, end: Infinity }[move];
  return Math.max(0, Math.min(Number.MAX_SAFE_INTEGER, scroll + by));
}

const screenTitle = (screen: ScreenId) => SCREENS.find((s) => s.id === screen)?.title ?? screen;

export function HelpOverlay(props: {
  screen: ScreenId;
  width: number;
  height: number;
  readonly: boolean;
  /** First line shown when the help scrolls (clamped here). */
  scroll?: number;
}) {
  const title = screenTitle(props.screen);
  const lines = helpLines(props.screen, props.readonly);
  const layout = helpLayout(lines, props.width, props.height, props.scroll ?? 0);
  const { first, total, visible } = layout;
  const where =
    visible < total
      ? ` · ↑↓ PgUp PgDn scroll: ${first + 1}–${first + visible} of ${total}${first + visible < total ? ' ↓' : ''}`
      : '';
  return (
    <Panel title={`Help — ${title} (Esc closes${where})`} width={props.width} height={props.height}>
      <Box>
        {layout.columns.map((col, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed two columns
            key={i}
            flexDirection="column"
            width={layout.columnWidth}
          >
            {col.map((l, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static lines
              <Text key={j} wrap="truncate">
                {l || ' ' /* an empty Text has no height */}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
