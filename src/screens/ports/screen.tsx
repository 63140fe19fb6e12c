/** 2 Ports: every port with live rates; sort, filter, details. */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { sanitize } from '../../model/index.js';
import { erroringCount, erroringNow, lineShareText, rateText } from '../../store/figures.js';
import { formatSi } from '../../store/rates.js';
import { useConsole, useConsoleState, usePortRates } from '../../store/react.js';
import {
  type Column,
  gaugeText,
  layoutColumns,
  sparkline,
  Table,
  Text,
} from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useWriteAccess } from '../dialogs/access.js';
import { DialogView, dialogPage } from '../dialogs/dialog-view.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { sameName, usePick } from '../pick.js';
import { useRemembered } from '../remembered.js';
import { traceHeight, useTrace } from '../trace/use-trace.js';
import { usePortLoads } from '../traffic-view.js';
import type { ScreenProps } from '../types.js';
import { useHScroll } from '../use-hscroll.js';
import { PortDetail, sfpLines } from './detail.js';
import { editPortConfig } from './edit-config.js';
import { loadColumn } from './load.js';
import { type PortRow, portRows, rowShare, shareRank } from './rows.js';
import { moveSort, nextSort, type PortSort, START_SORT, sortRows } from './sort.js';

const num = (v: number | null | undefined) => (v === null || v === undefined ? -1 : v);
const big = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const sum = (r: PortRow, k: 'errs' | 'drop') =>
  r.stats
    ? k === 'errs'
      ? r.stats.rxerrs + r.stats.txerrs
      : r.stats.rxdrop + r.stats.txdrop
    : -1n;

function stateText(r: PortRow): string {
  if (r.admin === 'shut') return 'shut';
  return r.link === 'up' ? 'up' : r.link === 'down' ? 'down' : '–';
}

/**
 * Erroring now, in a mark and a word (never colour alone, never on a rate of 0): `! err`,
 * `! drop` — the same test the count above the table makes (src/store/figures.ts).
 */
export function nowText(r: PortRow): string {
  const e = erroringNow(r.rate);
  return e === null ? '' : `! ${e}`;
}

/**
 * A Ports column and what sorting by it compares: what its header shows is what it sorts
 * by. Numbers sort largest first (`desc`), names and words in order.
 */
export type PortColumn = Column<PortRow> & {
  compare: (a: PortRow, b: PortRow) => number;
  desc?: boolean;
  /** How the status line names the sort. */
  sortsBy: string;
};

export function portColumns(): PortColumn[] {
  return [
    {
      key: 'port',
      title: 'PORT',
      width: 11,
      min: 9,
      priority: 100,
      render: (r) => r.name,
      compare: (a, b) => Number(a.no) - Number(b.no),
      sortsBy: 'port number',
    },
    {
      key: 'state',
      title: 'STATE',
      width: 6,
      priority: 90,
      render: stateText,
      color: (r) => (r.admin === 'shut' ? 'gray' : r.link === 'up' ? 'green' : 'red'),
      compare: (a, b) => stateText(a).localeCompare(stateText(b)),
      sortsBy: 'state',
    },
    {
      key: 'now',
      title: 'NOW',
      width: 6,
      priority: 88,
      render: nowText,
      color: (r) => ((r.rate?.errsPs ?? 0) > 0 ? 'red' : nowText(r) ? 'yellow' : undefined),
      compare: (a, b) =>
        num(a.rate?.errsPs) - num(b.rate?.errsPs) || num(a.rate?.dropsPs) - num(b.rate?.dropsPs),
      desc: true,
      sortsBy: 'erroring now',
    },
    {
      key: 'speed',
      title: 'SPEED',
      width: 12,
      min: 6,
      priority: 40,
      render: (r) => r.speed,
      compare: (a, b) => num(a.lineBps) - num(b.lineBps),
      desc: true,
      sortsBy: 'line rate',
    },
    {
      key: 'rx',
      title: 'RX b/s',
      width: 8,
      align: 'right',
      priority: 80,
      render: (r) => rateText(r.rate?.rxBps, r.lineBps),
      compare: (a, b) => num(a.rate?.rxBps) - num(b.rate?.rxBps),
      desc: true,
      sortsBy: 'rx bit/s now',
    },
    {
      key: 'tx',
      title: 'TX b/s',
      width: 8,
      align: 'right',
      priority: 80,
      render: (r) => rateText(r.rate?.txBps, r.lineBps),
      compare: (a, b) => num(a.rate?.txBps) - num(b.rate?.txBps),
      desc: true,
      sortsBy: 'tx bit/s now',
    },
    {
      key: 'line',
      title: 'LINE%',
      width: 6,
      align: 'right',
      priority: 75,
      render: (r) => lineShareText(rowShare(r)),
      compare: (a, b) => shareRank(a) - shareRank(b),
      desc: true,
      sortsBy: '% of line rate now',
    },
    {
      key: 'rxpps',
      title: 'RX p/s',
      width: 7,
      align: 'right',
      priority: 50,
      render: (r) => formatSi(r.rate?.rxPps),
      compare: (a, b) => num(a.rate?.rxPps) - num(b.rate?.rxPps),
      desc: true,
      sortsBy: 'rx packets/s now',
    },
    {
      key: 'txpps',
      title: 'TX p/s',
      width: 7,
      align: 'right',
      priority: 50,
      render: (r) => formatSi(r.rate?.txPps),
      compare: (a, b) => num(a.rate?.txPps) - num(b.rate?.txPps),
      desc: true,
      sortsBy: 'tx packets/s now',
    },
    {
      key: 'errps',
      title: 'ERR/s',
      width: 6,
      align: 'right',
      priority: 86,
      render: (r) => formatSi(r.rate?.errsPs),
      color: (r) => ((r.rate?.errsPs ?? 0) > 0 ? 'red' : undefined),
      compare: (a, b) => num(a.rate?.errsPs) - num(b.rate?.errsPs),
      desc: true,
      sortsBy: 'errors/s now',
    },
    {
      key: 'dropps',
      title: 'DROP/s',
      width: 7,
      align: 'right',
      priority: 84,
      render: (r) => formatSi(r.rate?.dropsPs),
      color: (r) => ((r.rate?.dropsPs ?? 0) > 0 ? 'yellow' : undefined),
      compare: (a, b) => num(a.rate?.dropsPs) - num(b.rate?.dropsPs),
      desc: true,
      sortsBy: 'drops/s now',
    },
    {
      key: 'errs',
      title: 'ERRS',
      width: 6,
      align: 'right',
      priority: 60,
      render: (r) => (r.stats ? formatSi(Number(r.stats.rxerrs + r.stats.txerrs)) : '–'),
      compare: (a, b) => big(sum(a, 'errs'), sum(b, 'errs')),
      desc: true,
      sortsBy: 'errors counted',
    },
    {
      key: 'drops',
      title: 'DROPS',
      width: 6,
      align: 'right',
      priority: 55,
      render: (r) => (r.stats ? formatSi(Number(r.stats.rxdrop + r.stats.txdrop)) : '–'),
      compare: (a, b) => big(sum(a, 'drop'), sum(b, 'drop')),
      desc: true,
      sortsBy: 'drops counted',
    },
    {
      key: 'load',
      title: 'LOAD',
      width: 10,
      priority: 25,
      // the busier direction against the line rate: [███·······]
      render: (r) => {
        const share = rowShare(r);
        return share === null ? '' : gaugeText(share.share, 1, 10).bar;
      },
      compare: (a, b) => shareRank(a) - shareRank(b),
      desc: true,
      sortsBy: '% of line rate now',
    },
    {
      key: 'trend',
      title: 'TRAFFIC',
      width: 16,
      min: 8,
      flex: true,
      priority: 30,
      // scaled to the line rate, so rows compare (a port's own maximum only without one)
      render: (r) => sparkline(r.rate?.busyHistory ?? [], 16, r.lineBps ?? undefined),
      compare: (a, b) => shareRank(a) - shareRank(b),
      desc: true,
      sortsBy: 'traffic (% of line rate)',
    },
  ];
}

const COLUMNS = portColumns();

/** Shown only while some port has a setting waiting for a reboot: `⟳ 1G`. */
const PENDING_COLUMN: PortColumn = {
  key: 'pending',
  title: 'AFTER REBOOT',
  width: 18,
  min: 18,
  priority: 85,
  render: (r) => r.pending,
  color: (r) => (r.pending ? 'yellow' : undefined),
  compare: (a, b) => a.pending.localeCompare(b.pending),
  sortsBy: 'what changes after a reboot',
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
  const { client, poller } = useConsole();
  // the sort stays when the operator looks at another screen and comes back
  const [sort, setSort] = useRemembered<PortSort>(poller, 'ports.sort', START_SORT);
  const [detail, setDetail] = useState<string | null>(null);
  // e: change the port's configuration (POST /ports/config) in a dialog
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
    // the flag beside NOW (what is wrong now), sortable like every column: worst demand first
    const at = base.findIndex((c) => c.key === 'now') + 1;
    const ratio = (r: PortRow) => {
      const l = loads.get(Number(r.no));
      return l?.port.lineBps ? l.demandBps / l.port.lineBps : 0;
    };
    const flag: PortColumn = {
      ...loadColumn(loads),
      compare: (a, b) => ratio(a) - ratio(b),
      desc: true,
      sortsBy: 'demand / line rate',
    };
    // a port's name is never cut (at 80 columns 'eth-0-22…' named four ports): PORT is as
    // wide as the longest name, a less urgent column gives way instead
    const longest = Math.max(0, ...all.map((r) => r.name.length));
    const name = (c: PortColumn): PortColumn =>
      c.key === 'port' ? { ...c, min: Math.max(c.min ?? c.width, longest) } : c;
    return [...base.slice(0, at), flag, ...base.slice(at)].map(name);
  }, [all, loads]);
  const rows = useMemo(
    () => sortRows(filterPorts(all, props.filter), sort, columns),
    [all, props.filter, sort, columns],
  );
  // the line above the table: what the list is sorted by, and how many ports the filter shows
  const tableHeight = props.height - 1;
  const shownKeys = layoutColumns(columns, props.width - 1).map((c) => c.key);
  // t: trace a packet arriving on the selected port (the form, then the path under the table)
  const trace = useTrace({ notify: props.notify });
  const panel = traceHeight(trace.result, [], Math.floor(props.height / 2));
  // the selection is the port (its number, which the device gives before its name): it stays
  // on it while live columns re-sort the rows
  const listView = useKeyedList(rows, (r) => r.no, tableHeight - 1 - panel, {
    nameOf: (r) => r.name,
    filter: props.filter,
    sort: `${sort.key} ${sort.desc}`,
  });
  const list = listView.state;
  // `:port NAME` (or a port number), Enter on the Overview: that port selected, its details open
  usePick(
    props.pick,
    info || stats ? rows : undefined,
    (r, want) => sameName(r.name, want) || r.no === want.trim(),
    (i, r) => {
      listView.set(i);
      setDetail(r.name);
    },
    (want) => props.notify(`no port '${want}' on this device`),
    ['info', 'config'],
  );

  // the port's form reads raw keys while it is open (its own ref: typed-ahead keys reach it)
  props.keys.reading = () => trace.formOpen || dialog.dialog !== null;
  props.keys.current = (key) =>
    trace.formOpen ? trace.key(key) : dialog.handleKey(key, dialogPage(props.height));
  const tracePort = {
    'ports.trace': () => {
      const r = detail !== null ? all.find((x) => x.name === detail) : rows[list.selected];
      if (!r) return props.notify(listView.goneNote ?? 'no port selected');
      setDetail(null);
      trace.open({ in_port: String(r.no) });
    },
  };
  const edit = {
    'ports.edit': () =>
      listView.goneNote && detail === null
        ? props.notify(listView.goneNote)
        : editPort(detail ?? rows[list.selected]?.name),
  };
  const closeDetail = () => setDetail(null);
  // the detail's transceiver table is wider than 80 columns: ←/→ scroll it
  const sfp = useConsoleState((s) => s.resources.sfp.data);
  const sfpView = useHScroll(detail ?? '', detail ? sfpLines(sfp, detail) : [], props.width - 2);
  useCommands(
    props.commands,
    detail !== null
      ? { ...edit, ...tracePort, ...sfpView.commands, 'app.cancel': closeDetail }
      : {
          ...edit,
          ...tracePort,
          ...(trace.result ? { 'app.cancel': trace.close } : {}),
          ...navCommands(listView.go),
          // the port column sorts ascending, the numbers largest first
          'ports.sort': () => setSort((s) => nextSort(s, columns)),
          'ports.sortLeft': () => setSort((s) => moveSort(s, -1, shownKeys, columns)),
          'ports.sortRight': () => setSort((s) => moveSort(s, 1, shownKeys, columns)),
          'ports.reverse': () => setSort((s) => ({ ...s, desc: !s.desc })),
          'ports.detail': () => {
            const r = rows[list.selected];
            if (r) setDetail(r.name);
            else if (listView.goneNote) props.notify(listView.goneNote);
          },
        },
  );

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  if (trace.formOpen) return trace.formView(props.width, props.height);
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
        sfp={sfpView.view}
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
  const sorted = columns.find((c) => c.key === sort.key);
  const erroring = erroringCount(all.map((r) => r.rate));
  const top = [
    // first: at 80 columns the end of the line is cut
    listView.goneNote ? `! ${listView.goneNote}` : '',
    matchNote(rows.length, all.length, props.filter, 'ports') || `${all.length} ports`,
    erroring > 0 ? `! ${erroring} erroring now` : '',
    `sorted by ${sorted?.sortsBy ?? sort.key} ${sort.desc ? '▼' : '▲'} (s < > S)`,
  ].filter(Boolean);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate-end">{top.join(' · ')}</Text>
      <Table
        columns={columns}
        rows={rows}
        width={props.width}
        height={tableHeight - panel}
        selected={list.selected}
        offset={list.offset}
        sortKey={sort.key}
        sortDesc={sort.desc}
        emptyText={props.filter ? `no port matches '${props.filter}'` : 'no ports'}
        rowKey={(r) => r.name}
      />
      {trace.resultView(props.width, panel)}
    </Box>
  );
}
