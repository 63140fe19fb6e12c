/** One fleet screen row per device, from its summary (src/store/fleet.ts): pure. */
import { sanitize } from '../../model/index.js';
import { erroringNow, type Usage, usage } from '../../store/figures.js';
import { type DeviceSummary, type Reachability, reachability } from '../../store/fleet.js';
import { formatSi } from '../../store/rates.js';
import { portLoads } from '../../traffic/index.js';
import { loadPorts } from '../traffic-view.js';

export interface FleetRow {
  device: string;
  reach: Reachability;
  name: string;
  model: string;
  firmware: string;
  /** TCAM used of maximum, as the console's header shows it (null: not read yet). */
  tcam: Usage | null;
  /** TEMP, FAN, PSU: what the environment alarms on ('' none). */
  alarms: string;
  /** Ports with errors now (or drops) and oversubscribed tool ports (null: not answering). */
  errPorts: number | null;
  oversub: number | null;
  rxBps: number | null;
  txBps: number | null;
  /** The last change from the journal: `12:03 rules add` ('' none). */
  lastChange: string;
  error?: string;
}

export function alarmsOf(env: DeviceSummary['data']['environment']): string {
  if (!env) return '';
  const out: string[] = [];
  if (env.temp_sensors.some((t) => t.temp >= t.upper_alarm || t.temp <= t.lower_alarm))
    out.push('TEMP');
  if (env.fan.some((f) => f.status !== 'OK')) out.push('FAN');
  if (env.psu.some((p) => p.status === 'PRESENT' && (p.alert === 'ALERT' || p.power !== 'OK')))
    out.push('PSU');
  return out.join(' ');
}

export function fleetRow(s: DeviceSummary, now: number, lastChange = ''): FleetRow {
  const d = s.data;
  let rx: number | null = null;
  let tx: number | null = null;
  let errPorts = 0;
  for (const r of s.rates.rates.values()) {
    if (r.rxBps !== null) rx = (rx ?? 0) + r.rxBps;
    if (r.txBps !== null) tx = (tx ?? 0) + r.txBps;
    if (erroringNow(r) !== null) errPorts++;
  }
  let oversub = 0;
  if (d.rules && d.groups) {
    const groups = new Map(d.groups.map((g) => [g.group_id, g]));
    const loads = portLoads(d.rules, groups, loadPorts(d.info, d.config, s.rates.rates, d.stats));
    for (const l of loads.values()) if (l.oversub) oversub++;
  }
  const f = d.flows;
  const row: FleetRow = {
    device: s.name,
    reach: reachability(s, now),
    name: sanitize(d.identity?.name ?? ''),
    model: sanitize(d.identity?.model ?? ''),
    firmware: sanitize(d.identity?.firmware ?? ''),
    tcam: f && f.maximum_flows > 0 ? usage(f.used_flows, f.maximum_flows) : null,
    alarms: alarmsOf(d.environment),
    errPorts,
    oversub,
    rxBps: rx,
    txBps: tx,
    lastChange: sanitize(lastChange),
  };
  if (row.reach === 'down' && s.error) row.error = sanitize(s.error.message);
  return row.reach === 'down' || row.reach === 'stale' ? withoutFigures(row, s) : row;
}

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/**
 * A device that does not answer shows no figures (its last ones are not what it does now):
 * `—`, and why and since when (`since 12:03:04`: its first failure after the last answer).
 */
function withoutFigures(row: FleetRow, s: DeviceSummary): FleetRow {
  const since = s.error?.since ?? s.okAt;
  const why = row.error ?? 'no answer for 30 s';
  return {
    ...row,
    tcam: null,
    alarms: '',
    errPorts: null,
    oversub: null,
    rxBps: null,
    txBps: null,
    error: since === undefined ? why : `${why} (since ${clock(since)})`,
  };
}

export const rateText = (bps: number | null) => (bps === null ? '—' : formatSi(bps, 'b/s'));

/** Sort keys `s` steps through: what needs attention first. */
export const FLEET_SORTS = ['device', 'state', 'alarms', 'ports', 'tcam', 'rx', 'tx'] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];

const REACH_ORDER: Record<Reachability, number> = { down: 0, stale: 1, unknown: 2, live: 3 };

export function sortRows(rows: FleetRow[], key: FleetSort, reverse: boolean): FleetRow[] {
  const num = (v: number | null) => v ?? -1;
  const cmp: Record<FleetSort, (a: FleetRow, b: FleetRow) => number> = {
    device: (a, b) => a.device.localeCompare(b.device),
    state: (a, b) => REACH_ORDER[a.reach] - REACH_ORDER[b.reach],
    alarms: (a, b) => b.alarms.length - a.alarms.length,
    ports: (a, b) => num(b.errPorts) + num(b.oversub) - (num(a.errPorts) + num(a.oversub)),
    tcam: (a, b) => num(b.tcam?.ratio ?? null) - num(a.tcam?.ratio ?? null),
    rx: (a, b) => num(b.rxBps) - num(a.rxBps),
    tx: (a, b) => num(b.txBps) - num(a.txBps),
  };
  const sorted = [...rows].sort((a, b) => cmp[key](a, b) || a.device.localeCompare(b.device));
  return reverse ? sorted.reverse() : sorted;
}

/** The `/` filter: device, name, model, firmware, reachability and alarms. */
export function matches(r: FleetRow, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  return [r.device, r.name, r.model, r.firmware, r.reach, r.alarms]
    .join(' ')
    .toLowerCase()
    .includes(f);
}
