/** Joins /ports/info, /ports/config, /ports/stats and the derived rates into one row per port. */
import {
  lineRateBps,
  type PortConfig,
  type PortInfo,
  type PortStats,
  portShutdown,
} from '../../model/index.js';
import { pendingNext } from '../../model/port-pending.js';
import { type LineShare, lineShare } from '../../store/figures.js';
import type { PortRate } from '../../store/rates.js';

export interface PortRow {
  no: string;
  name: string;
  admin: 'up' | 'shut' | '–';
  link: 'up' | 'down' | '–';
  speed: string;
  duplex: string;
  type: number | null;
  /** Line rate in bit/s at the speed the port runs at; null while it has none (down). */
  lineBps: number | null;
  /** `⟳ 1G`, `⟳ split break-out` (what it becomes after the reboot) when a setting waits for a reboot; '' otherwise. */
  pending: string;
  stats?: PortStats;
  config?: PortConfig;
  info?: PortInfo;
  rate?: PortRate;
}

export function portRows(
  info: readonly PortInfo[] | undefined,
  config: readonly PortConfig[] | undefined,
  stats: readonly PortStats[] | undefined,
  rates: ReadonlyMap<string, PortRate>,
): PortRow[] {
  const byName = new Map((config ?? []).map((c) => [c.if_name, c]));
  const statsByNo = new Map((stats ?? []).map((s) => [s.portnum, s]));
  const base: Array<{ no: string; name: string; info?: PortInfo }> = info
    ? info.map((i) => ({ no: i.port_no, name: i.if_name, info: i }))
    : (stats ?? []).map((s) => ({ no: s.portnum, name: `port ${s.portnum}` }));
  return base.map(({ no, name, info: i }) => {
    const c = byName.get(name);
    const row: PortRow = {
      no,
      name,
      admin: i ? (portShutdown(i, c) ? 'shut' : 'up') : '–',
      link: i ? (i.link_status === 'LINK_UP' ? 'up' : 'down') : '–',
      speed: i?.speed ?? c?.speed ?? '–',
      duplex: i?.duplex ?? c?.duplex ?? '–',
      type: c?.type ?? null,
      lineBps: lineRateBps(i?.speed ?? c?.speed),
      pending: c && pendingNext(c) ? `⟳ ${pendingNext(c)}` : '',
    };
    const s = statsByNo.get(no);
    if (s) row.stats = s;
    if (c) row.config = c;
    if (i) row.info = i;
    const r = rates.get(no);
    if (r) row.rate = r;
    return row;
  });
}

/** The port's share of its line rate now (src/store/figures.ts: one rule for every screen). */
export function rowShare(r: PortRow): LineShare | null {
  return lineShare(r.rate, r.lineBps);
}

/** The share as a number for sorting (-1 without one; a rate over the line sorts first). */
export function shareRank(r: PortRow): number {
  const s = rowShare(r);
  return s === null ? -1 : s.share + (s.over ? 1e-6 : 0);
}

/** Drops and errors since the device started counting (rx+tx). */
export function badCount(r: PortRow): bigint {
  const s = r.stats;
  return s ? s.rxdrop + s.rxerrs + s.txdrop + s.txerrs : 0n;
}
