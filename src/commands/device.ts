/** `pbc device …` settings, controllers and reboot; `pbc log clear`. */

import { UsageError } from '../model/errors.js';
import type { GroupHash } from '../model/types.js';
import { argvSecretWarning, parseOnOff } from './args.js';
import { promptHidden, readStdinLine } from './prompt.js';
import type { Run } from './run.js';

export async function name(run: Run, _o: unknown, value: string): Promise<void> {
  const c = await run.writer();
  const result = await c.device.setName(value);
  await run.done(`device name set to '${value}'`, { result });
}

export async function ident(run: Run, o: { name?: string; notes?: string }): Promise<void> {
  if (o.name === undefined && o.notes === undefined)
    throw new UsageError('give --name and/or --notes');
  const c = await run.writer();
  let { name: n, notes } = o;
  if (n === undefined || notes === undefined) {
    // Both are required by the device: keep the current value of the one not given.
    const cur = await c.device.customIdent();
    n ??= cur.name;
    notes ??= cur.notes;
  }
  const result = await c.device.setCustomIdent(n, notes);
  await run.done('custom identification set', { result });
}

export async function ip(run: Run, o: { ip?: string; mask?: string; gw?: string }): Promise<void> {
  if (!o.ip || !o.mask || !o.gw) throw new UsageError('--ip, --mask and --gw are all required');
  const c = await run.writer();
  await run.confirm(
    `Change the management address to ${o.ip}/${o.mask} via ${o.gw}? pbc will lose this connection.`,
    `change the management address to ${o.ip}`,
  );
  const result = await c.device.setIpConfig(o.ip, o.mask, o.gw);
  await run.done(`management address set to ${o.ip} (now and after reboot)`, { result });
}

export async function dns(run: Run, _o: unknown, servers: string[]): Promise<void> {
  if (servers.length > 3) throw new UsageError('at most three DNS servers');
  const c = await run.writer();
  if (servers.length === 0)
    await run.confirm(
      "Replace the device's DNS servers with the defaults 8.8.8.8 and 8.8.4.4?",
      'reset the DNS servers to the defaults',
    );
  const result = await c.device.setNameResolution(servers[0], servers[1], servers[2]);
  await run.done(
    servers.length ? `DNS servers: ${servers.join(', ')}` : 'DNS servers reset to the defaults',
    { result },
  );
}

export async function https(
  run: Run,
  o: { sslPassword?: string; sslPasswordStdin?: boolean },
  state: string,
): Promise<void> {
  const on = parseOnOff(state, 'https');
  const c = await run.writer();
  await run.confirm(
    `Turn HTTPS ${on ? 'on' : 'off'}? The device's REST URL may change and pbc lose this connection.`,
    `turn HTTPS ${on ? 'on' : 'off'}`,
  );
  let pw: string;
  if (o.sslPasswordStdin) pw = await readStdinLine('certificate password');
  else if (o.sslPassword !== undefined) {
    run.warn(argvSecretWarning('--ssl-password', '--ssl-password-stdin'));
    pw = o.sslPassword;
  } else if (process.stdin.isTTY) pw = await promptHidden('Certificate/key password: ');
  else throw new UsageError('the certificate password is required: pass --ssl-password-stdin');
  const result = await c.device.setHttps(on, pw);
  await run.done(`HTTPS ${on ? 'enabled' : 'disabled'}`, { result });
}

export async function idled(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'idled');
  const c = await run.writer();
  const result = await c.device.setIdLed(on);
  await run.done(`ID LED ${on ? 'on' : 'off'}`, { result });
}

export async function telnet(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'telnet');
  const c = await run.writer();
  const now = await c.device.setTelnet(on);
  await run.done(`telnet ${now ? 'on' : 'off'}`, { telnet: now });
}

export async function storageMode(run: Run, _o: unknown, mode: string): Promise<void> {
  const m = mode.toLowerCase();
  if (m !== 'simple' && m !== 'ipv6')
    throw new UsageError(`mode must be simple or ipv6, got '${mode}'`);
  const c = await run.writer();
  await run.confirm(
    `Switch the rule storage mode to '${m}'? It changes TCAM capacity and which matches are possible.`,
    `switch the rule storage mode to '${m}'`,
  );
  const now = await c.device.setRuleStorageMode(m);
  await run.done(`rule storage mode: current ${now.modeCurrent}, next ${now.modeNext}`, {
    current: now.modeCurrent,
    next: now.modeNext,
  });
}

export async function permanentRules(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'permanent-rules');
  const c = await run.writer();
  await run.confirm(
    `Turn permanent rules mode ${on ? 'on' : 'off'}? It changes which rules the device has after a reboot.`,
    `turn permanent rules mode ${on ? 'on' : 'off'}`,
  );
  const result = await c.device.setPermanentRulesMode(on);
  await run.done(`permanent rules mode ${on ? 'on' : 'off'}`, { result });
}

/** Option name (camel case, as commander gives it) → GroupHash key. */
const WIRE = {
  macsa: 'macsa',
  macda: 'macda',
  ethertype: 'ethertype',
  ipsa: 'ipsa',
  ipda: 'ipda',
  ipProtocol: 'ip_protocol',
  srcPort: 'src_port',
  dstPort: 'dst_port',
} as const satisfies Record<string, keyof GroupHash>;
type HashFlag = keyof typeof WIRE;
const HASH_FIELDS = Object.keys(WIRE) as HashFlag[];

/** POST /device/grouphash needs every flag: the ones not given keep their current value. */
export async function hash(run: Run, o: Partial<Record<HashFlag, boolean>>): Promise<void> {
  const given = HASH_FIELDS.filter((f) => o[f] !== undefined);
  if (given.length === 0)
    throw new UsageError(
      'give at least one of --[no-]macsa, --[no-]macda, --[no-]ethertype, --[no-]ipsa, --[no-]ipda, --[no-]ip-protocol, --[no-]src-port, --[no-]dst-port',
    );
  const c = await run.writer();
  await run.confirm(
    'Change the group hash keys? Select groups then spread flows over their buckets differently.',
    'change the group hash keys',
  );
  const h = await c.device.groupHash();
  for (const f of given) h[WIRE[f]] = o[f]!;
  const result = await c.device.setGroupHash(h);
  const keys = Object.entries(h)
    .filter(([, v]) => v)
    .map(([k]) => k);
  await run.done(`group hash keys: ${keys.join(', ') || 'none'}`, { result, ...h });
}

interface ControllerOptions {
  connection?: string;
  ip?: string;
  port?: string;
}

function controller(o: ControllerOptions) {
  const connection = (o.connection ?? 'tcp').toLowerCase();
  if (connection !== 'tcp' && connection !== 'ssl')
    throw new UsageError(`--connection must be tcp or ssl, got '${o.connection}'`);
  if (!o.ip || !o.port) throw new UsageError('--ip and --port are required');
  return { connection, ip: o.ip, port: o.port };
}

export async function controllerAdd(run: Run, o: ControllerOptions): Promise<void> {
  const ctl = controller(o);
  const c = await run.writer();
  const what = `${ctl.connection}:${ctl.ip}:${ctl.port}`;
  await run.confirm(
    `Add OpenFlow controller ${what}? A controller can change the device's rules.`,
    `add controller ${what}`,
  );
  const result = await c.device.addController(ctl);
  await run.done(`controller ${ctl.connection}:${ctl.ip}:${ctl.port} added`, { result });
}

export async function controllerRm(run: Run, o: ControllerOptions): Promise<void> {
  const ctl = controller(o);
  const c = await run.writer();
  const what = `${ctl.connection}:${ctl.ip}:${ctl.port}`;
  await run.confirm(`Delete controller ${what}?`, `delete controller ${what}`);
  const result = await c.device.removeController(ctl);
  await run.done(`controller ${what} deleted`, { result });
}

export async function reboot(run: Run): Promise<void> {
  const c = await run.writer();
  await run.confirm(
    'Reboot the device? Traffic forwarding stops until it is back.',
    'reboot the device',
  );
  const result = await c.device.reboot();
  await run.done('the device is rebooting', { result });
}

export async function logClear(run: Run): Promise<void> {
  const c = await run.writer();
  await run.confirm('Delete the device log?', 'delete the device log');
  const result = await c.logs.clear();
  await run.done('device log cleared', { result });
}
