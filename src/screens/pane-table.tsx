/**
 * One pane of a two-pane screen (Save-points, Apps): its title, inverse while it has the
 * focus (Tab switches), over its table; and the line a screen shows before its data arrives.
 */
import { Box } from 'ink';
import { type ListState, Table, type TableProps, Text } from '../widgets/index.js';

export function PaneTable<T>(
  p: Omit<TableProps<T>, 'selected' | 'offset' | 'focused'> & {
    title: string;
    focused: boolean;
    list: ListState;
  },
) {
  const { title, list, ...table } = p;
  return (
    <>
      <Text bold={p.focused} inverse={p.focused} wrap="truncate">
        {` ${title} `}
      </Text>
      <Table {...table} selected={list.selected} offset={list.offset} />
    </>
  );
}

/** `Loading apps…`, or `! apps: why` when the device did not answer. */
export function LoadingLine(p: { what: string; error: string | undefined; height: number }) {
  return (
    <Box height={p.height}>
      <Text>{p.error ? `! ${p.what}: ${p.error}` : `Loading ${p.what}…`}</Text>
    </Box>
  );
}
