/**
 * Apps: a fixed catalog of what the device can run, and the running instances (by PID).
 *
 * paramFormat tuples are [internal name, human name, input type, help, visibility JS,
 * default]. Input types (our convention; the spec does not define them):
 *   'text'            free text
 *   'number'          an integer; the catalog may bound it (checked here, not sent)
 *   'checkbox'        'true' or 'false'
 *   'select:a|b|c'    one of the listed values
 * The visibility expression is JavaScript over `params` (the instance's values, all
 * strings), e.g. "params.mode == 'server'"; when it is false a form hides the field.
 * Parameter values are stored and returned as strings, as the device does.
 *
 * Actions are {name, label, level, description}; `level` is the access level the action
 * needs (the spec's "level required by the app").
 */
import type { App, AppInstance, AppParam } from '../model/index.js';
import { badRequest, conflict, notFound } from './errors.js';
import { actor } from './logs.js';
import type { Ctx, Router } from './router.js';
import type { SimState } from './state.js';

interface ParamSpec {
  id: string;
  label: string;
  type: string;
  help: string;
  visible: string;
  default: string;
  min?: number;
  max?: number;
  /** Must be given (non-empty) when the instance starts. */
  required?: boolean;
  /** Other names the vendor's clients send for it (`server1` for NTP's server). */
  aliases?: string[];
}

interface AppAction {
  name: string;
  label: string;
  level: number;
  description: string;
}

interface CatalogApp {
  name: string;
  description: string;
  singleInstance: boolean;
  params: ParamSpec[];
  actions: AppAction[];
}

const SEVERITIES = 'emerg|alert|crit|err|warning|notice|info|debug';

// biome-ignore format: the catalog reads best as a table, one parameter a line
export const CATALOG: CatalogApp[] = [
  {
    name: 'ntp',
    description: 'NTP: keeps the device clock in sync with time servers, or serves time itself',
    singleInstance: false,
    params: [
      { id: 'mode', label: 'Mode', type: 'select:client|server', help: 'Client syncs from a server; server answers NTP requests', visible: 'true', default: 'client' },
      { id: 'server', label: 'Time server', type: 'text', help: 'Host name or IP address of the NTP server', visible: "params.mode == 'client'", default: 'pool.ntp.org', aliases: ['server1'] },
      { id: 'server2', label: 'Backup time server', type: 'text', help: 'Asked when the first server does not answer; empty: none', visible: "params.mode == 'client'", default: '' },
      { id: 'poll_interval', label: 'Poll interval (s)', type: 'number', help: 'Seconds between polls, 16..1024', visible: "params.mode == 'client'", default: '64', min: 16, max: 1024 },
      { id: 'stratum', label: 'Stratum', type: 'number', help: 'Stratum announced when serving time, 1..15', visible: "params.mode == 'server'", default: '10', min: 1, max: 15 },
    ],
    actions: [
      { name: 'sync_now', label: 'Sync now', level: 7, description: 'Query the server and step the clock now' },
      { name: 'show_status', label: 'Show status', level: 1, description: 'Write offset and jitter to the web log' },
    ],
  },
  {
    name: 'syslog',
    description: 'Remote syslog: forwards the web log and system messages to a syslog server',
    singleInstance: false,
    params: [
      { id: 'host', label: 'Syslog server', type: 'text', help: 'Host name or IP address of the receiving server', visible: 'true', default: '', required: true },
      { id: 'port', label: 'Port', type: 'number', help: 'Port of the server, usually 514 (UDP/TCP) or 6514 (TLS)', visible: 'true', default: '514', min: 1, max: 65535 },
      { id: 'protocol', label: 'Transport', type: 'select:udp|tcp|tls', help: 'Transport protocol', visible: 'true', default: 'udp' },
      { id: 'facility', label: 'Facility', type: 'select:local0|local1|local2|local3|local4|local5|local6|local7', help: 'Syslog facility of forwarded messages', visible: 'true', default: 'local0' },
      { id: 'min_severity', label: 'Minimum severity', type: `select:${SEVERITIES}`, help: 'Messages below this severity are not forwarded', visible: 'true', default: 'info' },
      { id: 'include_weblog', label: 'Forward web log', type: 'checkbox', help: 'Also forward the lines of the web log', visible: 'true', default: 'true' },
    ],
    actions: [
      { name: 'send_test', label: 'Send test message', level: 7, description: 'Send one test message to the server' },
    ],
  },
  {
    name: 'snmp',
    description: 'SNMP agent: answers SNMP queries about ports and environment, sends traps',
    singleInstance: true,
    params: [
      { id: 'version', label: 'SNMP version', type: 'select:v2c|v3', help: 'Protocol version', visible: 'true', default: 'v2c' },
      { id: 'community', label: 'Community', type: 'text', help: 'Read community (v2c)', visible: "params.version == 'v2c'", default: 'public' },
      { id: 'v3_user', label: 'v3 user', type: 'text', help: 'User name (v3)', visible: "params.version == 'v3'", default: 'monitor' },
      { id: 'port', label: 'Port', type: 'number', help: 'UDP port the agent listens on', visible: 'true', default: '161', min: 1, max: 65535 },
      { id: 'location', label: 'Location', type: 'text', help: 'sysLocation', visible: 'true', default: '' },
      { id: 'contact', label: 'Contact', type: 'text', help: 'sysContact', visible: 'true', default: '' },
      { id: 'traps', label: 'Send traps', type: 'checkbox', help: 'Send link up/down and environment traps', visible: 'true', default: 'false' },
      { id: 'trap_host', label: 'Trap receiver', type: 'text', help: 'Host name or IP address that receives traps', visible: "params.traps == 'true'", default: '' },
    ],
    actions: [
      { name: 'send_test_trap', label: 'Send test trap', level: 7, description: 'Send a coldStart trap to the trap receiver' },
      { name: 'restart', label: 'Restart agent', level: 31, description: 'Restart the SNMP agent (drops open requests)' },
    ],
  },
  {
    name: 'heartbeat',
    description: 'Link heartbeat: sends keep-alive frames on a port and reports when they stop coming back',
    singleInstance: true,
    params: [
      { id: 'port', label: 'Port', type: 'text', help: 'Interface that sends and expects heartbeats, e.g. eth-0-1', visible: 'true', default: 'eth-0-1' },
      { id: 'interval_ms', label: 'Interval (ms)', type: 'number', help: 'Milliseconds between heartbeats, 100..60000', visible: 'true', default: '1000', min: 100, max: 60000 },
      { id: 'misses', label: 'Misses before alarm', type: 'number', help: 'Heartbeats that may be lost before the link counts as down', visible: 'true', default: '3', min: 1, max: 100 },
      { id: 'on_loss', label: 'On loss', type: 'select:log|shutdown_port', help: 'What to do when the link counts as down', visible: 'true', default: 'log' },
    ],
    actions: [
      { name: 'status', label: 'Report status', level: 1, description: 'Write the current heartbeat state to the web log' },
      { name: 'reset_counters', label: 'Reset counters', level: 7, description: 'Reset the sent/received/missed counters' },
    ],
  },
  {
    name: 'pcap',
    description: 'Capture to file: records traffic of a port into a ring of pcap files',
    singleInstance: false,
    params: [
      { id: 'port', label: 'Port', type: 'text', help: 'Interface to capture, e.g. eth-0-1', visible: 'true', default: 'eth-0-1' },
      { id: 'filter', label: 'Filter', type: 'text', help: 'BPF capture filter; empty captures everything', visible: 'true', default: '' },
      { id: 'snaplen', label: 'Snap length', type: 'number', help: 'Bytes kept of each packet, 64..65535', visible: 'true', default: '65535', min: 64, max: 65535 },
      { id: 'file_size_mb', label: 'File size (MB)', type: 'number', help: 'Size of one file in the ring', visible: 'true', default: '100', min: 1, max: 4096 },
      { id: 'ring', label: 'Ring files', type: 'number', help: 'Files kept; the oldest is overwritten', visible: 'true', default: '4', min: 1, max: 64 },
    ],
    actions: [
      { name: 'rotate', label: 'Start new file', level: 7, description: 'Close the current file and start the next one' },
      { name: 'discard', label: 'Discard files', level: 31, description: 'Delete all capture files of this instance' },
    ],
  },
  {
    name: 'arp_responder',
    description: 'ARP responder: answers a matching packet with an ARP response (for tools that need a live peer)',
    singleInstance: false,
    // The parameters as the vendor's client sends them (outPort, macSrc, … in camelCase).
    params: [
      { id: 'out_port', label: 'Output port', type: 'number', help: 'Port number the ARP response is sent on', visible: 'true', default: '', min: 1, max: 512, required: true },
      { id: 'mac_src', label: 'Source MAC', type: 'text', help: 'Source MAC address of the response', visible: 'true', default: '', required: true },
      { id: 'mac_dst', label: 'Destination MAC', type: 'text', help: 'Destination MAC address of the response', visible: 'true', default: '', required: true },
      { id: 'ip_src', label: 'Source IP', type: 'text', help: 'Source IPv4 address of the response', visible: 'true', default: '', required: true },
      { id: 'ip_dst', label: 'Destination IP', type: 'text', help: 'Destination IPv4 address of the response', visible: 'true', default: '', required: true },
      { id: 'interval', label: 'Interval (ms)', type: 'number', help: 'Milliseconds between checks, 100..600000', visible: 'true', default: '5000', min: 100, max: 600000 },
      { id: 'in_port', label: 'Input port', type: 'text', help: 'Port number the request arrives on; empty: any', visible: 'true', default: '' },
      { id: 'match_mac_src', label: 'Match source MAC', type: 'text', help: 'Answer only requests from this MAC; empty: any', visible: 'true', default: '' },
    ],
    actions: [
      { name: 'status', label: 'Report status', level: 1, description: 'Write the requests answered to the web log' },
    ],
  },
  {
    name: 'heartbeat_bypass',
    description: 'Heartbeat bypass: sends heartbeats through an inline tool and bypasses it when they stop coming back',
    singleInstance: false,
    params: [
      { id: 'port_a', label: 'Port A', type: 'text', help: 'Interface towards the tool, e.g. eth-0-1', visible: 'true', default: 'eth-0-1' },
      { id: 'port_b', label: 'Port B', type: 'text', help: 'Interface back from the tool, e.g. eth-0-2', visible: 'true', default: 'eth-0-2' },
      { id: 'interval_ms', label: 'Interval (ms)', type: 'number', help: 'Milliseconds between heartbeats, 100..60000', visible: 'true', default: '1000', min: 100, max: 60000 },
      { id: 'misses', label: 'Misses before bypass', type: 'number', help: 'Heartbeats that may be lost before the tool is bypassed', visible: 'true', default: '3', min: 1, max: 100 },
    ],
    actions: [
      { name: 'status', label: 'Report status', level: 1, description: 'Write the bypass state to the web log' },
    ],
  },
  {
    name: 'bypass_keepalive',
    description: 'Bypass keepalive: keeps a bypass switch in inline mode while the device is healthy',
    singleInstance: true,
    params: [
      { id: 'port', label: 'Port', type: 'text', help: 'Interface the bypass switch listens on, e.g. eth-0-1', visible: 'true', default: 'eth-0-1' },
      { id: 'interval_ms', label: 'Interval (ms)', type: 'number', help: 'Milliseconds between keepalives, 100..60000', visible: 'true', default: '1000', min: 100, max: 60000 },
    ],
    actions: [
      { name: 'status', label: 'Report status', level: 1, description: 'Write the keepalive state to the web log' },
    ],
  },
];

const byName = new Map(CATALOG.map((a) => [a.name, a]));

/**
 * An app by its name as the device lists it, as the vendor's menu writes it (`NTP`,
 * `ARP Responder`, `Heartbeat Bypass`) or as its client sends it (`ArpResponder`,
 * `HeartbeatBypass`): case, spaces, hyphens and underscores do not matter.
 */
function findApp(name: string): CatalogApp | undefined {
  const key = name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return CATALOG.find((a) => a.name.replace(/_/g, '') === key);
}

/** A parameter name folded for lookup: `poll_interval`, `pollInterval`, `Poll interval (s)`. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]/g, '');

/** Request parameters that are never app parameters (credentials may come as params). */
const RESERVED = new Set([
  'name',
  // the vendor's client sends the app's own description on start; the catalog's stands
  'description',
  'pid',
  'user_description',
  'userdescription',
  'userDescription',
  'username',
  'password',
]);

const tuple = (p: ParamSpec): AppParam => [p.id, p.label, p.type, p.help, p.visible, p.default];
const actionsOf = (a: CatalogApp) => a.actions.map((x) => ({ ...x }));

function isRunning(state: SimState, app: CatalogApp): boolean {
  return [...state.apps.values()].some((i) => i.name === app.name);
}

function appView(state: SimState, app: CatalogApp): App {
  return {
    name: app.name,
    description: app.description,
    canBeInstantiated: !(app.singleInstance && isRunning(state, app)),
    paramFormat: app.params.map(tuple),
    actions: actionsOf(app),
  };
}

/** The value of one app parameter, checked against its input type; returned as stored. */
function checkValue(app: CatalogApp, p: ParamSpec, value: string): string {
  const what = `parameter '${p.id}' (${p.label}) of app '${app.name}'`;
  if (p.type === 'number') {
    const v = value.trim();
    if (!/^-?\d+$/.test(v)) throw badRequest(`${what} must be a whole number, got '${value}'`);
    const n = Number(v);
    if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max))
      throw badRequest(`${what} must be ${p.min}..${p.max}, got ${n}`);
    return String(n);
  }
  if (p.type === 'checkbox') {
    const v = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(v)) return 'true';
    if (['false', '0', 'off', 'no', ''].includes(v)) return 'false';
    throw badRequest(`${what} must be true or false, got '${value}'`);
  }
  if (p.type.startsWith('select:')) {
    const options = p.type.slice(7).split('|');
    const option = options.find((o) => o.toLowerCase() === value.trim().toLowerCase());
    if (option === undefined)
      throw badRequest(`${what} must be one of ${options.join(', ')}, got '${value}'`);
    return option;
  }
  if (value.length > 1024) throw badRequest(`${what} must be at most 1024 characters`);
  if (/[\x00-\x1f\x7f]/.test(value))
    throw badRequest(`${what} must not contain control characters`);
  return value;
}

const variants = (id: string) => [
  id,
  id.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  id.replace(/_/g, '').toLowerCase(),
];

/** The app parameters of a request (all validated); unknown names are a 400. */
function appParams(ctx: Ctx, app: CatalogApp): Record<string, string> {
  const lookup = new Map<string, ParamSpec>();
  for (const p of app.params)
    for (const name of [p.id, ...(p.aliases ?? [])])
      for (const v of variants(name)) lookup.set(v, p);
  // The vendor's clients name a parameter by its id or its label, in any case.
  const folded = new Map<string, ParamSpec>();
  for (const p of app.params) {
    folded.set(fold(p.id), p);
    folded.set(fold(p.label), p);
  }
  const out: Record<string, string> = {};
  for (const key of Object.keys(ctx.params.raw)) {
    if (RESERVED.has(key)) continue;
    const p = lookup.get(key) ?? folded.get(fold(key));
    if (!p) {
      const known = app.params.map((x) => x.id).join(', ');
      throw badRequest(`app '${app.name}' has no parameter '${key}'; its parameters are: ${known}`);
    }
    const value = ctx.params.str(key) ?? '';
    out[p.id] = checkValue(app, p, value);
  }
  return out;
}

function userDescription(ctx: Ctx): string | undefined {
  const d = ctx.params.str('user_description');
  if (d !== undefined && d.length > 256)
    throw badRequest("parameter 'user_description' must be at most 256 characters");
  return d;
}

function requirePid(ctx: Ctx): { instance: AppInstance; app: CatalogApp } {
  const pid = ctx.params.requireInt('pid', 0, 2 ** 31);
  const instance = ctx.state.apps.get(pid);
  if (!instance) throw notFound(`no app instance with PID ${pid} is running`);
  const app = byName.get(instance.name);
  if (!app) throw notFound(`app '${instance.name}' (PID ${pid}) is no longer known`);
  return { instance, app };
}

function startApp(ctx: Ctx): void {
  const { state } = ctx;
  const name = ctx.params.requireName('name');
  const app = findApp(name);
  if (!app) throw notFound(`no app '${name}'; available: ${CATALOG.map((a) => a.name).join(', ')}`);
  const given = appParams(ctx, app);
  const desc = userDescription(ctx) ?? '';
  const params: Record<string, string> = {};
  for (const p of app.params) params[p.id] = given[p.id] ?? p.default;
  for (const p of app.params)
    if (p.required && (params[p.id] ?? '').trim() === '')
      throw badRequest(`missing parameter '${p.id}' (${p.label}) for app '${app.name}'`);
  if (app.singleInstance && isRunning(state, app))
    throw conflict(`app '${app.name}' runs only once and is already running`);
  const pid = state.nextPid++;
  state.apps.set(pid, {
    pid,
    name: app.name,
    description: app.description,
    user_description: desc,
    params,
    actions: actionsOf(app),
  });
  state.changed(`apps: ${app.name} started with PID ${pid} by ${actor(ctx)}`);
}

function changeApp(ctx: Ctx): void {
  const { instance, app } = requirePid(ctx);
  const given = appParams(ctx, app);
  const desc = userDescription(ctx);
  const params = { ...instance.params, ...given };
  for (const p of app.params)
    if (p.required && (params[p.id] ?? '').trim() === '')
      throw badRequest(`parameter '${p.id}' (${p.label}) of app '${app.name}' must not be empty`);
  const changed = Object.keys(given).filter((k) => given[k] !== instance.params[k]);
  if (desc !== undefined && desc !== instance.user_description) {
    instance.user_description = desc;
    changed.push('user_description');
  }
  instance.params = params;
  if (changed.length > 0)
    ctx.state.changed(
      `apps: ${app.name} (PID ${instance.pid}) changed by ${actor(ctx)}: ${changed.join(', ')}`,
    );
}

function stopApp(ctx: Ctx): void {
  const { instance, app } = requirePid(ctx);
  ctx.state.apps.delete(instance.pid);
  ctx.state.changed(`apps: ${app.name} (PID ${instance.pid}) stopped by ${actor(ctx)}`);
}

function runAction(ctx: Ctx) {
  const { instance, app } = requirePid(ctx);
  const actionName = ctx.params.requireName('action_name');
  const action = app.actions.find((a) => a.name === actionName);
  if (!action)
    throw notFound(
      `app '${app.name}' has no action '${actionName}'; its actions are: ${app.actions.map((a) => a.name).join(', ')}`,
    );
  ctx.requireLevel(action.level, `action '${action.name}' of app '${app.name}'`);
  ctx.state.log.append(`apps: ${app.name} (PID ${instance.pid}): ${action.label} by ${actor(ctx)}`);
  return { result: 'OK' };
}

export function registerApps(router: Router): void {
  router.add('GET', '/apps', 'R', ({ state }) =>
    Object.fromEntries(CATALOG.map((a) => [a.name, appView(state, a)])),
  );
  router.add('POST', '/apps', 'W', startApp);
  router.add('PUT', '/apps', 'W', changeApp);
  router.add('DELETE', '/apps', 'W', stopApp);
  router.add('POST', '/apps/action', 'R', runAction);
  router.add('GET', '/apps/running', 'R', ({ state }) =>
    Object.fromEntries(
      [...state.apps.values()].map((i) => {
        const app = byName.get(i.name);
        return [
          String(i.pid),
          {
            name: i.name,
            description: i.description,
            user_description: i.user_description,
            canBeInstantiated: false,
            paramFormat: app ? app.params.map(tuple) : [],
            params: { ...i.params },
            actions: i.actions,
            pid: i.pid,
          },
        ];
      }),
    ),
  );
}
