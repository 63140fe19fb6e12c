/** Wire → model for ports: GET /ports/config, /ports/info, /ports/stats, /ports/sfpstatus. */
import { PORT_COUNTERS, type PortConfig, type PortInfo, type PortStats } from '../model/types.js';
import { At, type Item, isObject, items, Rec } from './shape.js';

/** One port's settings; `ifName`/`mediaType` (the spec's sample) are read like snake case. */
export function normalizePortConfig(value: unknown, at: At, key?: string): PortConfig {
  const r = new Rec(value, at);
  const out: PortConfig = {
    if_name: r.str('if_name', key),
    type: r.int('type', 0),
    speed: r.str('speed', ''),
    duplex: r.str('duplex', ''),
    split: r.str('split', 'default'),
    shutdown: r.bool('shutdown', false),
  };
  const media = r.optStr('media_type');
  if (media !== undefined) out.media_type = media;
  if (r.get('xg_speed') !== undefined && r.get('xg_speed') !== null) {
    const xg = r.rec('xg_speed');
    out.xg_speed = {
      currSetting: xg.str('curr_setting', ''),
      nextSetting: xg.str('next_setting', ''),
    };
  }
  for (const flag of ['unidirectional', 'crc_check', 'crc_recalculation'] as const) {
    const b = r.optBool(flag);
    if (b !== undefined) out[flag] = b;
  }
  return out;
}

/** True when an object is one port entry rather than a map of them. */
function looksLikePort(o: Record<string, unknown>, nameField: string): boolean {
  return new Rec(o, new At('')).has(nameField);
}

/**
 * GET /ports/config answers `{port_config: [PortConfig…]}`; the spec shows a single object
 * there. A bare array, a single object, or a map keyed by interface name are accepted too.
 */
export function normalizePortConfigs(wire: unknown, endpoint = 'GET /ports/config'): PortConfig[] {
  const at = new At(endpoint);
  let list: unknown = wire;
  let listAt = at;
  if (isObject(wire) && !looksLikePort(wire, 'if_name')) {
    const r = new Rec(wire, at);
    if (!r.has('port_config')) return at.key('port_config').fail('a list of ports', undefined);
    list = r.get('port_config') ?? [];
    listAt = at.key('port_config');
  }
  return portEntries(list, listAt, 'if_name').map((i) => normalizePortConfig(i.value, i.at, i.key));
}

/** An array, one entry, or a map keyed by port. */
function portEntries(value: unknown, at: At, nameField: string): Item[] {
  if (isObject(value) && looksLikePort(value, nameField)) return [{ value, at }];
  return items(value, at);
}

function normalizePortInfoItem(value: unknown, at: At, key?: string): PortInfo {
  const outer = new Rec(value, at);
  const r = outer.has('properties') ? outer.rec('properties') : outer;
  return {
    port_no: r.str('port_no', key),
    if_name: r.str('if_name', ''),
    admin_status: r.str('admin_status', ''),
    link_status: r.str('link_status', ''),
    duplex: r.str('duplex', ''),
    mac_addr: r.str('mac_addr', ''),
    speed: r.str('speed', ''),
  };
}

/** GET /ports/info: `{result:[{properties:{...}, type:'object'}]}`; flat items also pass. */
export function normalizePortInfo(wire: unknown, endpoint = 'GET /ports/info'): PortInfo[] {
  const at = new At(endpoint);
  if (Array.isArray(wire)) return wire.map((v, i) => normalizePortInfoItem(v, at.index(i)));
  return new Rec(wire, at)
    .list('result', { required: true, allowMap: true })
    .map((i) => normalizePortInfoItem(i.value, i.at, i.key));
}

function normalizePortStatsItem(value: unknown, at: At, key?: string): PortStats {
  const r = new Rec(value, at);
  const portnum = r.has('portnum') ? r.str('portnum') : r.str('port_no', key);
  // absent, null, '', '-' and 'n/a' read as 0; anything else must be an integer
  // (written into the one object: no pair per counter, no second object spread from a first)
  const out = { portnum } as PortStats;
  for (let i = 0; i < PORT_COUNTERS.length; i++) {
    const c = PORT_COUNTERS[i]!;
    out[c] = r.counter(c);
  }
  return out;
}

/** GET /ports/stats: an array, a map keyed by port, or either inside `{result: …}`. */
export function normalizePortStats(wire: unknown, endpoint = 'GET /ports/stats'): PortStats[] {
  const at = new At(endpoint);
  let list: unknown = wire;
  let listAt = at;
  if (isObject(wire) && !looksLikePort(wire, 'portnum')) {
    const r = new Rec(wire, at);
    if (r.has('result')) {
      list = r.get('result') ?? [];
      listAt = at.key('result');
    }
  }
  return portEntries(list, listAt, 'portnum').map((i) =>
    normalizePortStatsItem(i.value, i.at, i.key),
  );
}

/** GET /ports/sfpstatus: `{result: string}`, preformatted for a fixed-width display. */
export function normalizeSfp(wire: unknown, endpoint = 'GET /ports/sfpstatus'): string {
  return new Rec(wire, new At(endpoint)).str('result', '');
}
