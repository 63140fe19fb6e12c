/** Table renderings of `pbc get` targets (the JSON form is the data itself). */
import { levelName } from '../model/levels.js';
import { matchText } from '../model/match-text.js';
import { pendingMarker, pendingText } from '../model/port-pending.js';
import { sanitize } from '../model/sanitize.js';
import type {
  App,
  AppInstance,
  Controller,
  Environment,
  Group,
  PortConfig,
  PortInfo,
  PortStats,
  Rule,
  SavePoints,
  User,
  WebLog,
} from '../model/types.js';
import type { MergedPort } from './merged-ports.js';
import { type Column, compact, renderPairs, renderTable, renderText } from './table.js';

const C = (header: string, extra: Partial<Column> = {}): Column => ({ header, ...extra });
const num = (header: string) => C(header, { right: true });
const flex = (header: string) => C(header, { flex: true });

/** Highest priority first, as the device evaluates them; equal priorities keep device order. */
function rules(list: Rule[]): string {
  const byPriority = [...list].sort((a, b) => b.priority - a.priority);
  return renderTable(
    [
      num('PRIO'),
      flex('NAME'),
      flex('MATCH'),
      flex('ACTIONS'),
      num('PACKETS'),
      num('BYTES'),
      num('RATE'),
      num('FLOWS'),
    ],
    byPriority.map((r) => [
      // a malformed rule (see RuleKey.malformed): what was received, marked, never a guess
      r.malformed && r.priority < 0 ? '?' : r.priority,
      r.name,
      r.malformed ? `✖ malformed: ${r.malformed} · ${matchText(r.match)}` : matchText(r.match),
      r.actions.join(','),
      compact(r.n_packets),
      compact(r.n_bytes),
      r.datarate,
      r.real_flow_ct,
    ]),
  );
}

function groups(list: Group[]): string {
  return renderTable(
    [num('ID'), C('TYPE'), flex('DESCRIPTION'), flex('BUCKETS')],
    list.map((g) => [
      g.group_id,
      g.type,
      g.description,
      g.buckets
        .map((b) => `${b.watch_port ? `watch ${b.watch_port}: ` : ''}${b.actions.join(',')}`)
        .join('; '),
    ]),
  );
}

function ports(list: MergedPort[]): string {
  return renderTable(
    [
      num('PORT'),
      C('NAME'),
      C('ADMIN'),
      C('LINK'),
      C('SPEED'),
      C('DUPLEX'),
      num('TYPE'),
      num('RX PKTS'),
      num('TX PKTS'),
      num('RX DROP'),
      num('TX DROP'),
      num('ERRORS'),
    ],
    list.map((p) => {
      const k = p.counters;
      return [
        p.port_no,
        p.if_name,
        p.config?.shutdown ? 'shutdown' : p.admin_status.replace(/^PORT_/, '').toLowerCase(),
        p.link_status.replace(/^LINK_/, '').toLowerCase(),
        p.config && pendingMarker(p.config) ? `${p.speed} ${pendingMarker(p.config)}` : p.speed,
        p.duplex,
        p.config?.type ?? '',
        k ? compact(k.rxpkts) : '',
        k ? compact(k.txpkts) : '',
        k ? compact(k.rxdrop) : '',
        k ? compact(k.txdrop) : '',
        k ? compact(k.rxerrs + k.txerrs) : '',
      ];
    }),
  );
}

function portConfig(list: PortConfig[]): string {
  return renderTable(
    [
      C('NAME'),
      num('TYPE'),
      C('MEDIA'),
      C('SPEED'),
      C('DUPLEX'),
      C('SPLIT'),
      C('XG (NOW→NEXT)'),
      C('SHUTDOWN'),
      C('PENDING'),
    ],
    list.map((p) => [
      p.if_name,
      p.type,
      p.media_type ?? '',
      p.speed,
      p.duplex,
      p.split,
      p.xg_speed ? `${p.xg_speed.currSetting}→${p.xg_speed.nextSetting}` : '',
      p.shutdown,
      pendingText(p) ? `${pendingText(p)} after reboot` : '',
    ]),
  );
}

function portInfo(list: PortInfo[]): string {
  return renderTable(
    [num('PORT'), C('NAME'), C('ADMIN'), C('LINK'), C('SPEED'), C('DUPLEX'), C('MAC')],
    list.map((p) => [
      p.port_no,
      p.if_name,
      p.admin_status,
      p.link_status,
      p.speed,
      p.duplex,
      p.mac_addr,
    ]),
  );
}

function stats(list: PortStats[]): string {
  const cols = [
    'rxpkts',
    'rxbytes',
    'rxdrop',
    'rxerrs',
    'txpkts',
    'txbytes',
    'txdrop',
    'txerrs',
  ] as const;
  return renderTable(
    [num('PORT'), ...cols.map((c) => num(c.toUpperCase()))],
    list.map((s) => [s.portnum, ...cols.map((c) => s[c])]),
  );
}

function savepoints(sp: SavePoints): string {
  return renderTable(
    [
      C('KIND'),
      flex('NAME'),
      flex('DESCRIPTION'),
      num('RULES'),
      num('GROUPS'),
      num('FLOWS'),
      C('READONLY'),
    ],
    [
      ...sp.rules.map((r) => [
        'rules',
        r.name,
        r.description,
        r.rules.length,
        r.groupusage,
        r.flowusage,
        r.readonly,
      ]),
      ...sp.ports.map((p) => [
        'ports',
        p.name,
        p.description,
        `${p.ports.length} ports`,
        '',
        '',
        p.readonly,
      ]),
    ],
  );
}

function users(list: User[]): string {
  return renderTable(
    [num('ID'), flex('USER'), C('LEVEL'), flex('DESCRIPTION'), C('RADIUS')],
    list.map((u) => [
      u.userid,
      u.username,
      levelName(u.accesslevel),
      u.description,
      u.radius ?? '',
    ]),
  );
}

function apps(list: App[]): string {
  return renderTable(
    [C('NAME'), C('STARTABLE'), flex('DESCRIPTION'), flex('PARAMETERS')],
    list.map((a) => [
      a.name,
      a.canBeInstantiated,
      a.description,
      a.paramFormat.map((p) => p[0]).join(', '),
    ]),
  );
}

function running(list: AppInstance[]): string {
  return renderTable(
    [num('PID'), C('APP'), flex('DESCRIPTION'), flex('PARAMETERS')],
    list.map((a) => [
      a.pid,
      a.name,
      a.user_description || a.description,
      Object.entries(a.params)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
    ]),
  );
}

function environment(e: Environment): string {
  const fans = renderTable(
    [C('FAN'), C('STATUS'), num('SPEED'), C('MODE')],
    e.fan.map((f) => [f.index, f.status, f.speed_rate, f.mode]),
  );
  const psus = renderTable(
    [C('PSU'), C('STATUS'), C('POWER'), C('TYPE'), C('ALERT')],
    e.psu.map((p) => [p.index, p.status, p.power, p.type, p.alert]),
  );
  const temps = renderTable(
    [C('SENSOR'), C('POSITION'), num('TEMP °C'), num('LOW'), num('HIGH'), num('CRITICAL')],
    e.temp_sensors.map((t) => [
      t.index,
      t.position,
      t.temp,
      t.lower_alarm,
      t.upper_alarm,
      t.critical_limit,
    ]),
  );
  return `${fans}\n${psus}\n${temps}`;
}

function controllers(list: Controller[]): string {
  if (list.length === 0) return 'no controllers configured\n';
  return renderTable(
    [C('CONNECTION'), C('IP'), num('PORT')],
    list.map((c) => [c.connection, c.ip, c.port]),
  );
}

/**
 * One line per log line, and the device time on its own: each is sanitized as one line,
 * so a newline (or CR, VT, FF, NEL) inside any of them cannot start a forged line.
 */
function log(l: WebLog): string {
  const lines = l.logs.map((line) => sanitize(line));
  if (l.systemDateTime) lines.unshift(`# device time ${sanitize(l.systemDateTime)}`);
  return `${lines.join('\n')}\n`;
}

/** Flattens an object to `key  value` lines (nested objects as a.b). */
function pairs(data: unknown): string {
  const out: [string, unknown][] = [];
  const walk = (prefix: string, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}.${k}` : k, x);
    } else out.push([prefix, Array.isArray(v) ? v.join(', ') : v]);
  };
  walk('', data);
  return renderPairs(out);
}

// biome-ignore lint/suspicious/noExplicitAny: each view knows its target's data
const VIEWS: Record<string, (data: any) => string> = {
  rules,
  groups,
  ports,
  config: portConfig,
  info: portInfo,
  stats,
  sfp: (d: { report: string }) => renderText(d.report),
  savepoints,
  users,
  apps,
  running,
  environment,
  controllers,
  log,
};

export function render(target: string, data: unknown): string {
  return (VIEWS[target] ?? pairs)(data);
}
