/**
 * Device information and settings (/device/*) and /flownumbers. Every setter validates all
 * its parameters before it changes anything, so a 4xx leaves the device as it was.
 */
import { type Controller, GROUP_HASH_FIELDS, type GroupHash } from '../model/index.js';
import { capacity, isStorageMode } from '../tcam/index.js';
import { reboot } from './boot.js';
import { badRequest, conflict, notFound } from './errors.js';
import { actor } from './logs.js';
import type { Ctx, Router } from './router.js';
import { expireRules } from './rule-timeouts.js';
import { storageModeProblem, usedFlows } from './rulesets.js';
import { environment, loadAverage, memoryUsage } from './traffic.js';

const MAX_CONTROLLERS = 8;
const DEFAULT_DNS = ['8.8.8.8', '8.8.4.4'];

/** A dotted quad without leading zeros (so '010' cannot be read as octal). */
export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An RFC 1123 host name; all-numeric dotted names must be valid IPv4 instead. */
export function isHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  const labels = s.replace(/\.$/, '').split('.');
  if (labels.every((l) => /^\d+$/.test(l))) return false;
  return labels.every((l) => LABEL.test(l));
}

function ipToInt(s: string): number {
  return s.split('.').reduce((n, p) => n * 256 + Number(p), 0);
}

/** A netmask whose ones are contiguous from the left, e.g. 255.255.255.0 (not 0.0.0.0). */
function isNetmask(s: string): boolean {
  if (!isIPv4(s)) return false;
  const n = ipToInt(s);
  if (n === 0) return false;
  const inverted = 0xffffffff - n;
  return (inverted & (inverted + 1)) === 0;
}

function requireIPv4(ctx: Ctx, name: string): string {
  const v = ctx.params.requireStr(name).trim();
  if (!isIPv4(v))
    throw badRequest(`parameter '${name}' must be an IPv4 address like 192.0.2.10, got '${v}'`);
  return v;
}

function setIpConfig(ctx: Ctx): void {
  const ip = requireIPv4(ctx, 'ip');
  const mask = ctx.params.requireStr('mask').trim();
  if (!isNetmask(mask))
    throw badRequest(
      `parameter 'mask' must be a netmask like 255.255.255.0 (contiguous ones), got '${mask}'`,
    );
  const gw = requireIPv4(ctx, 'gw');
  const m = ipToInt(mask);
  const net = (ipToInt(ip) & m) >>> 0;
  const host = ipToInt(ip) - net;
  const hostMax = 0xffffffff - m;
  if (ip === '0.0.0.0' || (hostMax > 1 && (host === 0 || host === hostMax)))
    throw badRequest(`'${ip}' is the network or broadcast address of ${ip}/${mask}`);
  if (gw !== '0.0.0.0' && ((ipToInt(gw) & m) >>> 0 !== net || gw === ip))
    throw badRequest(`gateway ${gw} is not another address in the network of ${ip}/${mask}`);
  Object.assign(ctx.state.settings.ip, {
    current_ip: ip,
    current_netmask: mask,
    current_gateway: gw,
    stored_ip: ip,
    stored_netmask: mask,
    stored_gateway: gw,
  });
  ctx.state.changed(
    `device: management address set to ${ip}/${mask} gateway ${gw} by ${actor(ctx)}`,
  );
}

function setNameResolution(ctx: Ctx): void {
  const dns: string[] = [];
  for (const name of ['dns1', 'dns2', 'dns3']) {
    const v = ctx.params.str(name)?.trim() ?? '';
    if (v === '') continue;
    if (!isIPv4(v) && !isHostname(v))
      throw badRequest(`parameter '${name}' must be an IPv4 address or host name, got '${v}'`);
    dns.push(v);
  }
  ctx.state.settings.dns = dns.length > 0 ? dns : [...DEFAULT_DNS];
  ctx.state.changed(
    `device: DNS servers set to ${ctx.state.settings.dns.join(', ')} by ${actor(ctx)}`,
  );
}

const HASH_FIELDS: readonly (keyof GroupHash)[] = GROUP_HASH_FIELDS;

function setGroupHash(ctx: Ctx): void {
  const next = { ...ctx.state.settings.groupHash };
  for (const f of HASH_FIELDS) {
    // 'ether_type' (as POST names it) also matches 'etherType' and 'ethertype' (as GET does)
    const v = ctx.params.bool(f === 'ethertype' ? 'ether_type' : f);
    if (v !== undefined) next[f] = v;
  }
  if (HASH_FIELDS.every((f) => !next[f]))
    throw badRequest('at least one group hash field must stay selected');
  const changed = HASH_FIELDS.filter((f) => next[f] !== ctx.state.settings.groupHash[f]);
  if (changed.length === 0) return;
  ctx.state.settings.groupHash = next;
  const list = HASH_FIELDS.filter((f) => next[f]).join(', ');
  ctx.state.changed(`device: group hash fields set to ${list} by ${actor(ctx)}`);
}

function controllerParams(ctx: Ctx): Controller {
  const connection = ctx.params.requireName('connection').toLowerCase();
  if (connection !== 'tcp' && connection !== 'ssl')
    throw badRequest(`parameter 'connection' must be tcp or ssl, got '${connection}'`);
  const ip = requireIPv4(ctx, 'ip');
  const port = String(ctx.params.requireInt('port', 1, 65535));
  return { connection, ip, port };
}

const sameController = (a: Controller, b: Controller) =>
  a.connection === b.connection && a.ip === b.ip && Number(a.port) === Number(b.port);

function flag(
  ctx: Ctx,
  param: string,
  get: () => boolean,
  set: (v: boolean) => void,
  what: string,
): void {
  const v = ctx.params.requireBool(param);
  if (v === get()) return;
  set(v);
  ctx.state.changed(`device: ${what} turned ${v ? 'on' : 'off'} by ${actor(ctx)}`);
}

function printable(ctx: Ctx, name: string, max: number, allowEmpty: boolean): string {
  const v = ctx.params.requireStr(name);
  if (!allowEmpty && v.trim() === '') throw badRequest(`parameter '${name}' must not be empty`);
  if (v.length > max) throw badRequest(`parameter '${name}' must be at most ${max} characters`);
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(v))
    throw badRequest(`parameter '${name}' must not contain control characters`);
  return v;
}

export function registerDevice(router: Router): void {
  const get = (path: string, body: (ctx: Ctx) => unknown) => router.add('GET', path, 'R', body);
  const s = (ctx: Ctx) => ctx.state.settings;

  get('/device/customident', (ctx) => ({ ...s(ctx).customIdent }));
  router.add('POST', '/device/customident', 'S', (ctx) => {
    const name = printable(ctx, 'name', 128, true);
    const notes = printable(ctx, 'notes', 1024, true);
    s(ctx).customIdent = { name, notes };
    ctx.state.changed(`device: custom identification set to '${name}' by ${actor(ctx)}`);
  });

  get('/device/environment', (ctx) => environment(ctx.state.seed, ctx.state.now()));
  get('/device/loadaverage', (ctx) => loadAverage(ctx.state.now(), ctx.state.seed));
  get('/device/memoryusage', (ctx) => memoryUsage(ctx.state.now(), ctx.state.seed));

  get('/device/generation', (ctx) => ({ generation: ctx.state.identity.generation }));
  get('/device/imageversion', (ctx) => ({ version: ctx.state.identity.imageVersion }));
  get('/device/model', (ctx) => ({ model: ctx.state.identity.model }));
  get('/device/serialno', (ctx) => ({ generation: ctx.state.identity.serial }));
  get('/device/serverrevision', (ctx) => ({ revision: ctx.state.identity.serverRevision }));
  get('/device/dpid', (ctx) => ({ dpid: ctx.state.identity.dpid }));

  get('/device/grouphash', (ctx) => ({ ...s(ctx).groupHash }));
  router.add('POST', '/device/grouphash', 'W', setGroupHash);

  // The spec states no level; it changes a device setting (and a secret): SUPER, like the others.
  router.add('POST', '/device/https', 'S', (ctx) => {
    const enabled = ctx.params.requireBool('https_enabled');
    const password = ctx.params.requireStr('ssl_password');
    if (password.length > 256)
      throw badRequest("parameter 'ssl_password' must be at most 256 characters");
    const was = s(ctx).httpsEnabled;
    s(ctx).httpsEnabled = enabled;
    s(ctx).sslPassword = password;
    ctx.state.changed(
      `device: HTTPS ${enabled ? 'enabled' : 'disabled'}${enabled === was ? ' (certificate password updated)' : ''} by ${actor(ctx)}`,
    );
  });

  get('/device/idled', (ctx) => ({ activated: s(ctx).idLed }));
  router.add('POST', '/device/idled', 'W', (ctx) =>
    flag(
      ctx,
      'activated',
      () => s(ctx).idLed,
      (v) => {
        s(ctx).idLed = v;
      },
      'ID LED',
    ),
  );

  get('/device/ipconfig', (ctx) => ({ ...s(ctx).ip }));
  router.add('POST', '/device/ipconfig', 'S', setIpConfig);

  get('/device/name', (ctx) => ({ name: s(ctx).name }));
  router.add('POST', '/device/name', 'S', (ctx) => {
    const name = printable(ctx, 'device_name', 64, false).trim();
    if (name === s(ctx).name) return;
    const old = s(ctx).name;
    s(ctx).name = name;
    ctx.state.changed(`device: name changed from '${old}' to '${name}' by ${actor(ctx)}`);
  });

  get('/device/nameresolution', (ctx) => ({ dns: s(ctx).dns.slice(0, 3) }));
  router.add('POST', '/device/nameresolution', 'S', setNameResolution);

  get('/device/permanentrulesmode', (ctx) => ({ state: s(ctx).permanentRules }));
  router.add('POST', '/device/permanentrulesmode', 'S', (ctx) =>
    flag(
      ctx,
      'state',
      () => s(ctx).permanentRules,
      (v) => {
        s(ctx).permanentRules = v;
      },
      'permanent rules mode',
    ),
  );

  router.add('POST', '/device/reboot', 'S', (ctx) => {
    ctx.state.log.append(`device: reboot requested by ${actor(ctx)}`);
    // answer first, as the device does when it manages to
    setImmediate(() => reboot(ctx.state));
  });

  get('/device/rulestoragemode', (ctx) => ({
    modeCurrent: s(ctx).storageMode.current,
    modeNext: s(ctx).storageMode.next,
  }));
  router.add('POST', '/device/rulestoragemode', 'S', (ctx) => {
    const mode = ctx.params.requireName('mode').toLowerCase();
    if (!isStorageMode(mode))
      throw badRequest(`parameter 'mode' must be simple or ipv6, got '${mode}'`);
    const problem = storageModeProblem(ctx.state, mode);
    if (problem) throw conflict(problem);
    const sm = s(ctx).storageMode;
    if (sm.current !== mode || sm.next !== mode) {
      sm.current = mode;
      sm.next = mode;
      ctx.state.changed(`device: rule storage mode set to ${mode} by ${actor(ctx)}`);
    }
    return { modeCurrent: sm.current, modeNext: sm.next };
  });

  get('/device/telnet', (ctx) => ({ activated: s(ctx).telnet }));
  // The spec's table says R, but it switches a network service on or off: SUPER, like the
  // other device settings (docs/simulator.md, UAC).
  router.add('POST', '/device/telnet', 'S', (ctx) => {
    const v = ctx.params.bool('activated');
    if (v !== undefined && v !== s(ctx).telnet) {
      s(ctx).telnet = v;
      ctx.state.changed(`device: telnet turned ${v ? 'on' : 'off'} by ${actor(ctx)}`);
    }
    return { activated: s(ctx).telnet };
  });

  get('/device/controller', (ctx) => ({ controllers: s(ctx).controllers.map((c) => ({ ...c })) }));
  router.add('POST', '/device/controller', 'S', (ctx) => {
    const c = controllerParams(ctx);
    const list = s(ctx).controllers;
    if (list.some((x) => sameController(x, c)))
      throw conflict(`controller ${c.connection}:${c.ip}:${c.port} is already configured`);
    if (list.length >= MAX_CONTROLLERS)
      throw conflict(`at most ${MAX_CONTROLLERS} controllers can be configured`);
    list.push(c);
    ctx.state.changed(
      `device: controller ${c.connection}:${c.ip}:${c.port} added by ${actor(ctx)}`,
    );
  });
  router.add('DELETE', '/device/controller', 'S', (ctx) => {
    const c = controllerParams(ctx);
    const list = s(ctx).controllers;
    const i = list.findIndex((x) => sameController(x, c));
    if (i < 0) throw notFound(`no controller ${c.connection}:${c.ip}:${c.port} is configured`);
    list.splice(i, 1);
    ctx.state.changed(
      `device: controller ${c.connection}:${c.ip}:${c.port} deleted by ${actor(ctx)}`,
    );
  });

  get('/flownumbers', (ctx) => {
    expireRules(ctx.state);
    return {
      used_flows: usedFlows(ctx.state),
      maximum_flows: capacity(s(ctx).storageMode.current).maximum,
    };
  });
}
