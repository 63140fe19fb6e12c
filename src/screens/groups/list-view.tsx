/** The Groups list: the count (and how many rules use them), the prediction line, the table. */
import { Box } from 'ink';
import type { Group } from '../../model/index.js';
import { type Column, KeyValue, type ListState, Table, Text } from '../../widgets/index.js';
import { matchNote } from '../filter-note.js';
import { notLoaded } from '../load-note.js';
import { TYPE_WORDS } from './editor-state.js';
import { detailPairs, type GroupRow } from './rows.js';

const COLUMNS: Column<GroupRow>[] = [
  {
    key: 'id',
    title: 'ID',
    width: 6,
    align: 'right',
    priority: 100,
    render: (r) => String(r.group.group_id),
  },
  { key: 'type', title: 'TYPE', width: 13, priority: 90, render: (r) => TYPE_WORDS[r.group.type] },
  {
    key: 'buckets',
    title: 'BUCKETS (watch port → actions)',
    width: 30,
    min: 14,
    flex: true,
    priority: 80,
    render: (r) => `${r.group.buckets.length}: ${r.buckets}`,
  },
  {
    key: 'users',
    title: 'USED BY',
    width: 22,
    min: 8,
    flex: true,
    priority: 85,
    render: (r) =>
      r.users.length === 0
        ? 'no rule'
        : `${r.users.length}: ${r.users.map((u) => u.name || '?').join(', ')}`,
  },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 16,
    min: 8,
    // a wide terminal shows the whole text, not 'Copy to both ID…' beside empty columns
    flex: true,
    priority: 30,
    render: (r) => r.group.description,
  },
];

export interface GroupListProps {
  groups: readonly Group[] | undefined;
  loadError: string | undefined;
  all: readonly GroupRow[];
  rows: readonly GroupRow[];
  view: ListState;
  filter: string;
  refused: string | null;
  prediction: string | null;
  width: number;
  height: number;
}

export function GroupListView(p: GroupListProps) {
  const f = p.filter.trim();
  const used = p.all.filter((r) => r.users.length > 0).length;
  const count = `${p.all.length} ${p.all.length === 1 ? 'group' : 'groups'}`;
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text wrap="truncate-end">
        {p.groups
          ? `${(f && matchNote(p.rows.length, p.all.length, p.filter, 'groups')) || count} · ${used} used by rules`
          : ''}
        {p.refused ? ` · read-only: ${p.refused}` : ''}
      </Text>
      {p.prediction ? (
        <Text wrap="truncate-end" dimColor>
          {p.prediction}
        </Text>
      ) : null}
      {p.groups === undefined ? (
        <Text>{notLoaded('groups', p.loadError)}</Text>
      ) : (
        <Table
          columns={COLUMNS}
          rows={p.rows}
          width={p.width}
          height={p.height - 1 - (p.prediction ? 1 : 0)}
          selected={p.view.selected}
          offset={p.view.offset}
          sortKey="id"
          emptyText={f ? `no group matches '${p.filter}'` : 'no groups — press a to add one'}
          rowKey={(r) => String(r.group.group_id)}
        />
      )}
    </Box>
  );
}

export function GroupDetail(p: {
  id: number;
  row: GroupRow | undefined;
  ports: ReadonlyMap<number, { name?: string; shutdown: boolean }> | undefined;
  width: number;
  height: number;
}) {
  if (!p.row) return <Text>Group {p.id} is gone (the group list changed). Esc returns.</Text>;
  return (
    <Box flexDirection="column" width={p.width} height={p.height} paddingX={1}>
      <Text bold wrap="truncate-end">
        Group {p.id} · e edit · d delete · Esc returns
      </Text>
      <KeyValue
        width={p.width - 2}
        labelWidth={12}
        pairs={detailPairs(p.row, p.ports).slice(0, p.height - 1)}
      />
    </Box>
  );
}
