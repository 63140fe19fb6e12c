/** A bordered box with a bold one-line title: the help overlay, dialogs and editors. */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { Text } from './safe-text.js';

export function Panel(props: {
  title: string;
  width: number;
  height: number;
  /** 'round' for the editors and change confirmations, 'single' for the rest. */
  border?: 'single' | 'round';
  children?: ReactNode;
}) {
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      borderStyle={props.border ?? 'single'}
      paddingX={1}
      overflow="hidden"
    >
      <Text bold wrap="truncate-end">
        {props.title}
      </Text>
      {props.children}
    </Box>
  );
}
