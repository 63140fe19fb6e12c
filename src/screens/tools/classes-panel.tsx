/** Enter on the Tools screen: the selected tool's starved and extra classes, as many as fit. */
import { Box } from 'ink';
import { Text } from '../../widgets/index.js';
import type { classLines } from './rows.js';

export function ClassesPanel(props: {
  name: string | undefined;
  classes: ReturnType<typeof classLines>;
  height: number;
}) {
  const { name, classes, height } = props;
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {classes.length === 0
          ? `${name}: gets exactly what it asked for`
          : `${name}: ${classes.length} classes not delivered as asked${classes.length > height - 1 ? ` (${height - 1} shown; pbc tools check lists all)` : ''}`}
      </Text>
      {classes.slice(0, height - 1).map((c) => (
        <Text key={c.text} color={c.kind === 'starved' ? 'red' : 'yellow'} wrap="truncate-end">
          {c.text}
        </Text>
      ))}
    </Box>
  );
}
