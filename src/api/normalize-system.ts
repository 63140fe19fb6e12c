/** Wire → model for users, apps, logs and the device endpoints. */
import {
  type App,
  type AppInstance,
  type AppParam,
  type Controller,
  type Environment,
  type FlowNumbers,
  GROUP_HASH_FIELDS,
  type GroupHash,
  type IpConfig,
  type LoadAverage,
  type RadiusConfig,
  type StorageMode,
  type User,
  type WebLog,
} from '../model/types.js';
import { stringifyJson } from './json.js';
import { At, arr, isObject, items, obj, Rec, str } from './shape.js';

/** Objects in `actions` arrays are passed on as they are (their shape is app-specific). */
function objectList(r: Rec, name: string): Record<string, unknown>[] {
  return r.list(name).map((i) => obj(i.value, i.at));
}

function normalizeUser(value: unknown, at: At, key?: string): User {
  const r = new Rec(value, at);
  const user: User = {
    userid: r.int('userid', 0),
    username: r.str('username', key),
    accesslevel: r.int('accesslevel'), // also finds access_level
    description: r.str('description', ''),
  };
  const radius = r.optBool('radius');
  if (radius !== undefined) user.radius = radius;
  return user;
}

/** GET /users: a map of user name → User (an array also passes). */
export function normalizeUsers(wire: unknown, endpoint = 'GET /users'): User[] {
  return items(wire, new At(endpoint)).map((i) => normalizeUser(i.value, i.at, i.key));
}

export function normalizeRadius(wire: unknown, endpoint = 'GET /users/radius'): RadiusConfig {
  const r = new Rec(wire, new At(endpoint));
  return {
    enabled: r.bool('enabled', false),
    server: r.str('server', ''),
    port: r.int('port', 0),
    secret: r.str('secret', ''),
    radius_login_level: r.int('radius_login_level', 0),
    refresh_rate: r.int('refresh_rate', 0),
  };
}

/** `{<name>: boolean}` answers: uac, permanent rules mode, ID LED, telnet. */
export function normalizeFlag(wire: unknown, endpoint: string, name: string): boolean {
  return new Rec(wire, new At(endpoint)).bool(name);
}

/** Like normalizeFlag, but null when the answer carries no such field (e.g. a bare Result). */
export function normalizeOptionalFlag(
  wire: unknown,
  endpoint: string,
  name: string,
): boolean | null {
  const r = new Rec(wire ?? {}, new At(endpoint));
  return r.has(name) ? r.bool(name) : null;
}

/** `{<name>: string}` answers: generation, model, name, version, revision. */
export function normalizeText(wire: unknown, endpoint: string, name: string): string {
  return new Rec(wire, new At(endpoint)).str(name);
}

function appParam(value: unknown, at: At): AppParam {
  const list = arr(value, at).map((v, i) => str(v, at.index(i), ''));
  const [a = '', b = '', c = '', d = '', e = '', f = ''] = list;
  return [a, b, c, d, e, f];
}

function normalizeApp(value: unknown, at: At, key?: string): App {
  const r = new Rec(value, at);
  return {
    name: r.str('name', key),
    description: r.str('description', ''),
    canBeInstantiated: r.bool('can_be_instantiated', false),
    paramFormat: r.list('param_format').map((i) => appParam(i.value, i.at)),
    actions: objectList(r, 'actions'),
  };
}

/** GET /apps: a map of app name → App. */
export function normalizeApps(wire: unknown, endpoint = 'GET /apps'): App[] {
  return items(wire, new At(endpoint)).map((i) => normalizeApp(i.value, i.at, i.key));
}

/** Parameter values as strings; structured values are kept as their JSON text. */
function params(value: unknown, at: At): Record<string, string> {
  if (value === undefined || value === null) return {};
  const o = obj(value, at);
  return Object.fromEntries(
    Object.keys(o).map((k) => {
      const v = o[k];
      return [k, typeof v === 'object' && v !== null ? stringifyJson(v) : str(v, at.key(k), '')];
    }),
  );
}

function normalizeAppInstance(value: unknown, at: At, key?: string): AppInstance {
  const r = new Rec(value, at);
  const keyPid = key !== undefined && /^\d+$/.test(key) ? Number(key) : undefined;
  const paramsName = r.has('params') ? 'params' : 'parameters';
  return {
    pid: r.int('pid', keyPid),
    name: r.str('name', ''),
    description: r.str('description', ''),
    user_description: r.str('user_description', ''),
    params: params(r.get(paramsName), at.key(paramsName)),
    actions: objectList(r, 'actions'),
  };
}

/** GET /apps/running: a map of PID → instance. */
export function normalizeRunning(wire: unknown, endpoint = 'GET /apps/running'): AppInstance[] {
  return items(wire, new At(endpoint)).map((i) => normalizeAppInstance(i.value, i.at, i.key));
}

export function normalizeEnvironment(
  wire: unknown,
  endpoint = 'GET /device/environment',
): Environment {
  const r = new Rec(wire, new At(endpoint));
  return {
    fan: r.recs('fan').map((f) => ({
      index: f.str('index', ''),
      status: f.str('status', ''),
      speed_rate: f.str('speed_rate', ''),
      mode: f.str('mode', ''),
    })),
    psu: r.recs('psu').map((p) => ({
      index: p.int('index', 0),
      status: p.str('status', ''),
      power: p.str('power', ''),
      type: p.str('type', ''),
      alert: p.str('alert', ''),
    })),
    temp_sensors: r.recs('temp_sensors').map((t) => ({
      index: t.int('index', 0),
      temp: t.num('temp'),
      lower_alarm: t.num('lower_alarm', 0),
      upper_alarm: t.num('upper_alarm', 0),
      critical_limit: t.num('critical_limit', 0),
      position: t.str('position', ''),
    })),
  };
}

const HASH_KEYS = GROUP_HASH_FIELDS;

/** GET /device/grouphash; `ether_type` (the POST spelling) reads as `ethertype`. */
export function normalizeGroupHash(wire: unknown, endpoint = 'GET /device/grouphash'): GroupHash {
  const r = new Rec(wire, new At(endpoint));
  return Object.fromEntries(HASH_KEYS.map((k) => [k, r.bool(k, false)])) as unknown as GroupHash;
}

export function normalizeIpConfig(wire: unknown, endpoint = 'GET /device/ipconfig'): IpConfig {
  const r = new Rec(wire, new At(endpoint));
  return {
    current_ip: r.str('current_ip', ''),
    current_netmask: r.str('current_netmask', ''),
    current_gateway: r.str('current_gateway', ''),
    stored_ip: r.str('stored_ip', ''),
    stored_netmask: r.str('stored_netmask', ''),
    stored_gateway: r.str('stored_gateway', ''),
  };
}

export function normalizeLoadAverage(
  wire: unknown,
  endpoint = 'GET /device/loadaverage',
): LoadAverage {
  const r = new Rec(wire, new At(endpoint));
  return {
    average_1m: r.num('average_1m'),
    average_5m: r.num('average_5m'),
    average_15m: r.num('average_15m'),
    proc_no_running: r.int('proc_no_running', 0),
    proc_no_total: r.int('proc_no_total', 0),
  };
}

/** KiB. */
export interface MemoryUsage {
  total: number;
  free: number;
}

export function normalizeMemory(wire: unknown, endpoint = 'GET /device/memoryusage'): MemoryUsage {
  const r = new Rec(wire, new At(endpoint));
  return { total: r.num('total'), free: r.num('free') };
}

export interface CustomIdent {
  name: string;
  notes: string;
}

export function normalizeCustomIdent(
  wire: unknown,
  endpoint = 'GET /device/customident',
): CustomIdent {
  const r = new Rec(wire, new At(endpoint));
  return { name: r.str('name', ''), notes: r.str('notes', '') };
}

export function normalizeDns(wire: unknown, endpoint = 'GET /device/nameresolution'): string[] {
  return new Rec(wire, new At(endpoint))
    .list('dns')
    .map((i) => str(i.value, i.at))
    .filter((s) => s !== '');
}

export interface StorageModes {
  modeCurrent: StorageMode;
  modeNext: StorageMode;
}

function storageMode(r: Rec, name: string): StorageMode {
  const v = r.str(name).trim().toLowerCase();
  return v === 'simple' || v === 'ipv6'
    ? v
    : r.at.key(name).fail("'simple' or 'ipv6'", r.get(name));
}

export function normalizeStorageModes(
  wire: unknown,
  endpoint = 'GET /device/rulestoragemode',
): StorageModes {
  const r = new Rec(wire, new At(endpoint));
  return { modeCurrent: storageMode(r, 'mode_current'), modeNext: storageMode(r, 'mode_next') };
}

/** GET /device/controller: `{controllers:[{connection, ip, port}]}` or a bare array. */
export function normalizeControllers(
  wire: unknown,
  endpoint = 'GET /device/controller',
): Controller[] {
  const at = new At(endpoint);
  const list = isObject(wire)
    ? new Rec(wire, at).list('controllers', { required: true })
    : items(wire, at, false);
  return list.map((i) => {
    const c = new Rec(i.value, i.at);
    return { connection: c.str('connection', ''), ip: c.str('ip'), port: c.str('port', '') };
  });
}

/** GET /device/dpid: `{dpid:"0x…"}`; a number is written as 16 hex digits. */
export function normalizeDpid(wire: unknown, endpoint = 'GET /device/dpid'): string {
  const r = new Rec(wire, new At(endpoint));
  const v = r.get('dpid');
  if (typeof v === 'number' || typeof v === 'bigint') {
    const n = r.big('dpid');
    if (n >= 0n) return `0x${n.toString(16).padStart(16, '0')}`;
  }
  return r.str('dpid');
}

export function normalizeFlowNumbers(wire: unknown, endpoint = 'GET /flownumbers'): FlowNumbers {
  const r = new Rec(wire, new At(endpoint));
  return { used_flows: r.int('used_flows'), maximum_flows: r.int('maximum_flows') };
}

export function normalizeWebLog(wire: unknown, endpoint = 'GET /weblog'): WebLog {
  const r = new Rec(wire, new At(endpoint));
  return {
    logs: r.list('logs').map((i) => str(i.value, i.at, '')),
    systemDateTime: r.str('system_date_time', ''),
  };
}
