/** The Ports list: what it is sorted by and how many ports show or err now, the table, a trace. */
import { Box } from 'ink';
import type { JSX } from 'react';
import { sanitize } from '../../model/index.js';
import { erroringCount } from '../../store/figures.js';
import { type ListState, Table, Text } from '../../widgets/index.js';
import { matchNote } from '../filter-note.js';
import type { PortColumn } from './columns.js';
import type { PortRow } from './rows.js';
import type { PortSort } from './sort.js';

/** The line above the table; the gone note first: at 80 columns the end of the line is cut. */
export function topLine(p: {
  all: readonly PortRow[];
  rows: readonly PortRow[];
  columns: readonly PortColumn[];
  sort: PortSort;
  filter: string;
  goneNote: string | undefined;
}): string {
  const sorted = p.columns.find((c) => c.key === p.sort.key);
  const erroring = erroringCount(p.all.map((r) => r.rate));
  return [
    p.goneNote ? `! ${p.goneNote}` : '',
    matchNote(p.rows.length, p.all.length, p.filter, 'ports') || `${p.all.length} ports`,
    erroring > 0 ? `! ${erroring} erroring now` : '',
    `sorted by ${sorted?.sortsBy ?? p.sort.key} ${p.sort.desc ? '▼' : '▲'} (s < > S)`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function PortListView(p: {
  top: string;
  columns: PortColumn[];
  rows: readonly PortRow[];
  list: ListState;
  sort: PortSort;
  filter: string;
  trace: JSX.Element | null;
  panel: number;
  width: number;
  height: number;
}) {
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text wrap="truncate-end">{p.top}</Text>
      <Table
        columns={p.columns}
        rows={p.rows}
        width={p.width}
        height={p.height - 1 - p.panel}
        selected={p.list.selected}
        offset={p.list.offset}
        sortKey={p.sort.key}
        sortDesc={p.sort.desc}
        emptyText={p.filter ? `no port matches '${p.filter}'` : 'no ports'}
        rowKey={(r) => r.name}
      />
      {p.trace}
    </Box>
  );
}

/** Before the first /ports/info or /ports/stats: loading, or why they cannot be read. */
export function PortsLoading(p: { error: string | undefined; height: number }) {
  return (
    <Box height={p.height}>
      <Text wrap="truncate-end">
        {p.error ? `! ports: ${sanitize(p.error)}` : 'Loading ports…'}
      </Text>
    </Box>
  );
}
