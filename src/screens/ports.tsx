/** 2 Ports: every port with live rates; sort, filter, details. */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { sanitize } from '../model/index.js';
import { formatSi } from '../store/rates.js';
import { useConsole, useConsoleState, usePortRates } from '../store/react.js';
import { type Column, sparkline, Table, Text } from '../widgets/index.js';
import { navCommands, useCommands } from './commands.js';
import { useWriteAccess } from './dialogs/access.js';
import { DialogView, dialogPage } from './dialogs/dialog-view.js';
import { useDialog } from './dialogs/use-dialog.js';
import { useList } from './dialogs/use-list.js';
import { editPortConfig } from './port-config/edit.js';
import { PortDetail } from './port-detail.js';
import { loadColumn } from './port-load.js';
import { badCount, type PortRow, portRows } from './port-rows.js';
import { usePortLoads } from './traffic.js';
import type { ScreenProps } from './types.js';

const num = (v: number | null | undefined) => (v === null || v === undefined ? -1 : v);

/** Sortable columns, in the order `s` cycles through them. */
const SORTS: Array<{ key: string; compare: (a: PortRow, b: PortRow) => number }> = [
  { key: 'port', compare: (a, b) => Number(a.no) - Number(b.no) },
  { key: 'rx', compare: (a, b) => num(a.rate?.rxBps) - num(b.rate?.rxBps) },
  { key: 'tx', compare: (a, b) => num(a.rate?.txBps) - num(b.rate?.txBps) },
  { key: 'rxpps', compare: (a, b) => num(a.rate?.rxPps) - num(b.rate?.rxPps) },
  { key: 'txpps', compare: (a, b) => num(a.rate?.txPps) - num(b.rate?.txPps) },
  {
    key: 'errs',
    compare: (a, b) => {
      const x = badCount(a);
      const y = badCount(b);
      return x < y ? -1 : x > y ? 1 : 0;
    },
  },
  { key: 'state', compare: (a, b) => `${a.admin}${a.link}`.localeCompare(`${b.admin}${b.link}`) },
];

function stateText(r: PortRow): string {
  if (r.admin === 'shut') return 'shut';
  return r.link === 'up' ? 'up' : r.link === 'down' ? 'down' : '–';
}

export function portColumns(): Column<PortRow>[] {
  return [
    { key: 'port', title: 'PORT', width: 11, min: 9, priority: 100, render: (r) => r.name },
    {
      key: 'state',
      title: 'STATE',
      width: 5,
      priority: 90,
      render: stateText,
      color: (r) => (r.admin === 'shut' ? 'gray' : r.link === 'up' ? 'green' : 'red'),
    },
    { key: 'speed', title: 'SPEED', width: 12, min: 6, priority: 40, render: (r) => r.speed },
    {
      key: 'rx',
      title: 'RX b/s',
      width: 8,
      align: 'right',
      priority: 80,
      render: (r) => formatSi(r.rate?.rxBps),
    },
    {
      key: 'tx',
      title: 'TX b/s',
      width: 8,
      align: 'right',
      priority: 80,
      render: (r) => formatSi(r.rate?.txBps),
    },
    {
      key: 'rxpps',
      title: 'RX p/s',
      width: 7,
      align: 'right',
      priority: 50,
      render: (r) => formatSi(r.rate?.rxPps),
    },
    {
      key: 'txpps',
      title: 'TX p/s',
      width: 7,
      align: 'right',
      priority: 50,
      render: (r) => formatSi(r.rate?.txPps),
    },
    {
      key: 'drops',
      title: 'DROPS',
      width: 7,
      align: 'right',
      priority: 60,
      render: (r) => (r.stats ? formatSi(Number(r.stats.rxdrop + r.stats.txdrop)) : '–'),
    },
    {
      key: 'errs',
      title: 'ERRS',
      width: 6,
      align: 'right',
      priority: 70,
      render: (r) => (r.stats ? formatSi(Number(r.stats.rxerrs + r.stats.txerrs)) : '–'),
      color: (r) => ((r.rate?.errPps ?? 0) > 0 ? 'yellow' : undefined),
    },
    {
      key: 'trend',
      title: 'TRAFFIC',
      width: 16,
      min: 8,
      flex: true,
      priority: 30,
      render: (r) => sparkline(r.rate?.history ?? [], 16),
    },
  ];
}

const COLUMNS = portColumns();

/** Shown only while some port has a setting waiting for a reboot: `⟳ 1G`. */
const PENDING_COLUMN: Column<PortRow> = {
  key: 'pending',
  title: 'AFTER REBOOT',
  width: 18,
  min: 18,
  priority: 85,
  render: (r) => r.pending,
  color: (r) => (r.pending ? 'yellow' : undefined),
};
const PENDING_COLUMNS = [...COLUMNS.slice(0, 3), PENDING_COLUMN, ...COLUMNS.slice(3)];

export function filterPorts(rows: PortRow[], filter: string): PortRow[] {
  const f = filter.trim().toLowerCase();
  if (!f) return rows;
  return rows.filter((r) =>
    `${r.name} ${stateText(r)} ${r.speed} ${r.duplex}${r.pending ? ` pending ${r.pending}` : ''}`
      .toLowerCase()
      .includes(f),
  );
}

export function PortsScreen(props: ScreenProps) {
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const stats = useConsoleState((s) => s.resources.stats.data);
  const statsError = useConsoleState((s) => s.resources.stats.error?.message);
  const rates = usePortRates(); // no current rates while the counters are stale
  const [sort, setSort] = useState({ index: 0, desc: false });
  const [detail, setDetail] = useState<string | null>(null);
  // e: change the port's configuration (POST /ports/config) in a dialog
  const { client, poller } = useConsole();
  const dialog = useDialog(props.notify);
  const allowed = useWriteAccess(props.notify);
  const editPort = (name: string | undefined) =>
    editPortConfig(
      { client, poller, dialog, notify: props.notify, allowed },
      config?.find((c) => c.if_name === name),
      name,
    );
  const all = useMemo(() => portRows(info, config, stats, rates), [info, config, stats, rates]);
  // tool-port load: OVERSUB (demand over line rate, tx drops rising) and the detail's feeders
  const loads = usePortLoads(rates);
  const rulesKnown = useConsoleState((s) => s.resources.rules.data !== undefined);
  const columns = useMemo(() => {
    const base = all.some((r) => r.pending) ? PENDING_COLUMNS : COLUMNS;
    const at = base.findIndex((c) => c.key === 'drops');
    return [...base.slice(0, at), loadColumn(loads), ...base.slice(at)];
  }, [all, loads]);
  const rows = useMemo(() => {
    const s = SORTS[sort.index]!;
    const sorted = [...filterPorts(all, props.filter)].sort(s.compare);
    return sort.desc ? sorted.reverse() : sorted;
  }, [all, props.filter, sort]);
  const listView = useList(rows.length, props.height - 1);
  const list = listView.state;

  // the port's form reads raw keys while it is open (its own ref: typed-ahead keys reach it)
  props.keys.current = (key) => dialog.handleKey(key, dialogPage(props.height));
  const edit = { 'ports.edit': () => editPort(detail ?? rows[list.selected]?.name) };
  const closeDetail = () => setDetail(null);
  useCommands(
    props.commands,
    detail !== null
      ? { ...edit, 'app.cancel': closeDetail, 'ports.detail': closeDetail }
      : {
          ...edit,
          ...navCommands(listView.go),
          // the port column sorts ascending, the numbers largest first
          'ports.sort': () =>
            setSort((s) => {
              const index = (s.index + 1) % SORTS.length;
              return { index, desc: index !== 0 };
            }),
          'ports.reverse': () => setSort((s) => ({ ...s, desc: !s.desc })),
          'ports.detail': () => {
            const r = rows[list.selected];
            if (r) setDetail(r.name);
          },
        },
  );

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  if (detail !== null) {
    const row = all.find((r) => r.name === detail);
    return (
      <PortDetail
        row={row}
        name={detail}
        width={props.width}
        height={props.height}
        load={row ? loads.get(Number(row.no)) : undefined}
        rulesKnown={rulesKnown}
      />
    );
  }
  if (!stats && !info) {
    return (
      <Box height={props.height}>
        <Text wrap="truncate-end">
          {statsError ? `! ports: ${sanitize(statsError)}` : 'Loading ports…'}
        </Text>
      </Box>
    );
  }
  return (
    <Table
      columns={columns}
      rows={rows}
      width={props.width}
      height={props.height}
      selected={list.selected}
      offset={list.offset}
      sortKey={SORTS[sort.index]!.key}
      sortDesc={sort.desc}
      emptyText={props.filter ? `no port matches '${props.filter}'` : 'no ports'}
      rowKey={(r) => r.name}
    />
  );
}
