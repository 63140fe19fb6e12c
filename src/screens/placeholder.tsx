/** Screens whose issues have not landed yet say so plainly. */
import { Box, Text } from 'ink';

export function Placeholder(props: { title: string; width: number; height: number }) {
  return (
    <Box width={props.width} height={props.height} flexDirection="column" paddingX={1}>
      <Text bold>{props.title}</Text>
      <Text>This screen is coming soon. Use the scripted commands meanwhile (pbc --help).</Text>
    </Box>
  );
}
