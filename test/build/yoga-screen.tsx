/**
 * A screen that uses every layout property pbc's screens give Ink (rows, columns, padding,
 * margins, borders, percentages, gaps, grow and shrink, wrapping and cut text, absolute
 * position, display none), rendered at several widths: test/build/yoga-trim.test.ts renders it
 * with the built yoga and with stock yoga.
 */
import { Box, renderToString, Text } from 'ink';

function Screen({ n }: { n: number }) {
  const rows = Array.from({ length: n }, (_, i) => i);
  return (
    <Box flexDirection="column" width="100%" height={24}>
      <Box justifyContent="space-between" paddingX={1}>
        <Text bold>pbc · pb-lab-01</Text>
        <Text color="green">● live</Text>
      </Box>
      <Box flexDirection="row" gap={2} marginTop={1}>
        <Box flexDirection="column" width="50%" borderStyle="round" paddingLeft={1} flexShrink={0}>
          {rows.map((i) => (
            <Box key={i} flexDirection="row">
              <Box minWidth={12}>
                <Text>{`key ${i}`}</Text>
              </Box>
              <Text wrap="truncate-end">{`value ${'x'.repeat(i * 3)} end`}</Text>
            </Box>
          ))}
        </Box>
        <Box flexDirection="column" flexGrow={1} alignItems="flex-end" marginRight={1}>
          <Text wrap="wrap">{'a long text that wraps over several lines '.repeat(3)}</Text>
          <Box display="none">
            <Text>hidden</Text>
          </Box>
          <Box borderStyle="single" paddingX={2} minHeight={3} flexBasis="30%">
            <Text>boxed</Text>
          </Box>
        </Box>
      </Box>
      <Box position="absolute" marginTop={20} marginLeft={5}>
        <Text inverse>status</Text>
      </Box>
    </Box>
  );
}

/** The screen's text at 40, 80 and 133 columns, with 3 and 9 rows of pairs. */
export function screens(): string[] {
  return [40, 80, 133].flatMap((columns) =>
    [3, 9].map((n) => renderToString(<Screen n={n} />, { columns })),
  );
}
