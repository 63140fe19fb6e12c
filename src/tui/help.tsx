/** `?`: every key of the current screen, read from the keymap table. */
import { Box, Text } from 'ink';
import { bindingsFor, keyLabel, SCREENS, type ScreenId } from './keymap.js';

export function HelpOverlay(props: {
  screen: ScreenId;
  width: number;
  height: number;
  readonly: boolean;
}) {
  const title = SCREENS.find((s) => s.id === props.screen)?.title ?? props.screen;
  const all = bindingsFor(props.screen);
  const screens = all.filter((b) => b.command.startsWith('screen.'));
  const rows = [
    { keys: '1-9', label: screens.map((b) => b.label).join(', '), own: false },
    ...all
      .filter((b) => !b.command.startsWith('screen.'))
      .map((b) => ({
        keys: b.keys.map(keyLabel).join(' / '),
        label: `${b.label}${b.write && props.readonly ? ' (disabled: read-only)' : ''}`,
        own: b.scope !== 'global',
      })),
  ];
  const own = rows.filter((r) => r.own);
  const global = rows.filter((r) => !r.own);
  const lines = [
    ...(own.length
      ? [`${title} keys`, ...own.map((r) => `  ${r.keys.padEnd(10)} ${r.label}`), '']
      : []),
    'Everywhere',
    ...global.map((r) => `  ${r.keys.padEnd(10)} ${r.label}`),
  ];
  // two columns when the list is taller than the space (border 2 lines, title 1)
  const inner = props.height - 3;
  const colWidth = Math.floor((props.width - 4) / 2);
  const columns =
    lines.length > inner ? [lines.slice(0, inner), lines.slice(inner, inner * 2)] : [lines];
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      borderStyle="single"
      paddingX={1}
    >
      <Text bold>Help — {title} (Esc closes)</Text>
      <Box>
        {columns.map((col, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed two columns
            key={i}
            flexDirection="column"
            width={columns.length > 1 ? colWidth : props.width - 4}
          >
            {col.slice(0, inner).map((l, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static lines
              <Text key={j} wrap="truncate">
                {l}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
