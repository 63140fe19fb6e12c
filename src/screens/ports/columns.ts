/**
 * The Ports table's columns — each with what sorting by it compares (what its header shows
 * is what it sorts by) — the AFTER REBOOT column while a setting waits for a reboot, the
 * OVERSUB flag beside NOW, and the `/` filter.
 */
import { erroringNow, lineShareText, rateText } from '../../store/figures.js';
import { formatSi } from '../../store/rates.js';
import type { PortLoad } from '../../traffic/index.js';
import { type Column, gaugeText, sparkline } from '../../widgets/index.js';
import { loadColumn } from './load.js';
import { type PortRow, rowShare, shareRank } from './rows.js';

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

/**
 * The columns shown: AFTER REBOOT while a port has a pending setting, the OVERSUB flag beside
 * NOW (what is wrong now; sortable, worst demand first), and PORT as wide as the longest name
 * (at 80 columns 'eth-0-22…' named four ports): a less urgent column gives way instead.
 */
export function tableColumns(
  all: readonly PortRow[],
  loads: ReadonlyMap<number, PortLoad>,
): PortColumn[] {
  const base = all.some((r) => r.pending) ? PENDING_COLUMNS : COLUMNS;
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
  const longest = Math.max(0, ...all.map((r) => r.name.length));
  const name = (c: PortColumn): PortColumn =>
    c.key === 'port' ? { ...c, min: Math.max(c.min ?? c.width, longest) } : c;
  return [...base.slice(0, at), flag, ...base.slice(at)].map(name);
}
