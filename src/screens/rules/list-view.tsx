/** The Rules list: the TCAM gauge and the count on top, the prediction line, the table. */
import { Box } from 'ink';
import type { JSX } from 'react';
import type { RuleList } from '../../ops/index.js';
import { Gauge, type ListState, Table, Text } from '../../widgets/index.js';
import { notLoaded } from '../load-note.js';
import { StaleMark } from '../stale-mark.js';
import { RULE_SORTS, type RuleRow, ruleColumns } from './table.js';

const COLUMNS = ruleColumns();
const RULES = ['rules'] as const;

export interface RuleListProps {
  list: RuleList | undefined;
  loadError: string | undefined;
  all: readonly RuleRow[];
  rows: readonly RuleRow[];
  view: ListState;
  sort: { index: number; reversed: boolean };
  filter: string;
  used: number;
  max: number;
  refused: string | null;
  prediction: string | null;
  /** The trace result below the table, and its height. */
  trace: JSX.Element | null;
  panel: number;
  width: number;
  height: number;
}

export function RuleListView(p: RuleListProps) {
  const gaugeWidth = Math.min(48, Math.floor(p.width / 2));
  const shown = p.filter
    ? `${p.rows.length} of ${p.all.length} rules match '${p.filter}'`
    : `${p.all.length} ${p.all.length === 1 ? 'rule' : 'rules'}`;
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Box width={p.width}>
        <Gauge used={p.used} max={p.max} width={gaugeWidth} label={`TCAM ${p.used}/${p.max}`} />
        <Text wrap="truncate-end">
          {' · '}
          {shown}
          <StaleMark from={RULES} label="counters stale" />
          {p.refused ? ` · read-only: ${p.refused}` : ''}
        </Text>
      </Box>
      {p.prediction ? (
        <Text wrap="truncate-end" color="cyan">
          {p.prediction}
        </Text>
      ) : null}
      {p.list === undefined ? (
        <Text>{notLoaded('rules', p.loadError)}</Text>
      ) : (
        <Table
          columns={COLUMNS}
          rows={p.rows}
          width={p.width}
          height={p.height - 1 - p.panel - (p.prediction ? 1 : 0)}
          selected={p.view.selected}
          offset={p.view.offset}
          sortKey={RULE_SORTS[p.sort.index]!.key}
          sortDesc={RULE_SORTS[p.sort.index]!.desc !== p.sort.reversed}
          emptyText={p.filter ? `no rule matches '${p.filter}'` : 'no rules — press a to add one'}
          rowKey={(r) => r.key}
        />
      )}
      {p.trace}
    </Box>
  );
}
