/** The Overview's sections: a title with `◌ stale 23s` while its figures are not current. */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import type { ResourceKey } from '../../store/resources.js';
import type { PortLoad } from '../../traffic/index.js';
import { clipLine, Text, TextLines } from '../../widgets/index.js';
import { oversubText } from '../ports/load.js';
import { badCount, type PortRow } from '../ports/rows.js';
import { StaleMark } from '../stale-mark.js';
import { type OverviewList, overviewItemLines } from './items.js';

/** A section's title, with `◌ stale 23s` while the figures below it are not current. */
export function Title(props: { title: string; from: readonly ResourceKey[] }) {
  return (
    <Text wrap="truncate">
      <Text bold underline>
        {props.title}
      </Text>
      <StaleMark from={props.from} />
    </Text>
  );
}

export function Section(props: {
  title: string;
  from: readonly ResourceKey[];
  children: ReactNode;
}) {
  return (
    <Box flexDirection="column">
      <Title title={props.title} from={props.from} />
      {props.children}
    </Box>
  );
}

/** Ports: up/down/shut, the busiest and erroring ports now, OVERSUB, and since start. */
export function PortsSection(props: {
  rows: readonly PortRow[];
  haveInfo: boolean;
  haveStats: boolean;
  list: OverviewList;
  selected: number;
  oversub: readonly PortLoad[];
  width: number;
}) {
  const { rows, oversub } = props;
  const up = rows.filter((r) => r.link === 'up').length;
  const shut = rows.filter((r) => r.admin === 'shut').length;
  // "none" only once rates exist: two samples of the counters
  const known = rows.some((r) => typeof r.rate?.errPps === 'number');
  // lines cut here, as pbc cuts (Ink would, in its measure and in its frame), drawn as one text
  return (
    <Section title="Ports" from={['info', 'stats']}>
      <TextLines
        lines={[
          clipLine(
            props.haveInfo
              ? `${rows.length} ports · ${up} link up · ${rows.length - up} down · ${shut} shut down`
              : '– (no port data yet)',
            props.width,
          ),
          ...overviewItemLines({
            list: props.list,
            selected: props.selected,
            width: props.width,
            known,
          }),
          <Text key="oversub" {...(oversub.length ? { color: 'red' } : {})}>
            {clipLine(
              `OVERSUB: ${oversub.length ? oversub.map(oversubText).join(', ') : known ? 'none' : '–'}`,
              props.width,
            )}
          </Text>,
          <Text key="since" dimColor>
            {clipLine(
              `Since start: ${
                props.haveStats
                  ? `${rows.filter((r) => badCount(r) > 0n).length} ports have counted drops or errors`
                  : '–'
              }`,
              props.width,
            )}
          </Text>,
        ]}
      />
    </Section>
  );
}
