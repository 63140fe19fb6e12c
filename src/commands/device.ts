/** `pbc device …` settings, controllers and reboot; `pbc log clear`. */

import { UsageError } from '../model/errors.js';
import type { GroupHash } from '../model/types.js';
import { deviceOps } from '../ops/device.js';
import { logOps } from '../ops/logs.js';
import { argvSecretWarning, parseOnOff } from './args.js';
import { promptHidden, readStdinLine } from './prompt.js';
import type { Run } from './run.js';

export async function name(run: Run, _o: unknown, value: string): Promise<void> {
  const [result] = await run.execute({
    steps: [deviceOps.setName(value)],
    question: `Set the device name to '${value}'?`,
    refusal: 'set the device name',
    needsYes: false,
  });
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
  const [result] = await run.execute({
    steps: [deviceOps.setCustomIdent(n, notes)],
    question: 'Set the custom identification (name and notes)?',
    refusal: 'set the custom identification',
    needsYes: false,
  });
  await run.done('custom identification set', { result });
}

export async function ip(run: Run, o: { ip?: string; mask?: string; gw?: string }): Promise<void> {
  if (!o.ip || !o.mask || !o.gw) throw new UsageError('--ip, --mask and --gw are all required');
  const [result] = await run.execute({
    steps: [deviceOps.setIpConfig(o.ip, o.mask, o.gw)],
    question: `Change the management address to ${o.ip}/${o.mask} via ${o.gw}? pbc will lose this connection.`,
    refusal: `change the management address to ${o.ip}`,
    needsYes: true,
  });
  await run.done(`management address set to ${o.ip} (now and after reboot)`, { result });
}

export async function dns(run: Run, _o: unknown, servers: string[]): Promise<void> {
  if (servers.length > 3) throw new UsageError('at most three DNS servers');
  const [result] = await run.execute({
    steps: [deviceOps.setNameResolution(servers[0], servers[1], servers[2])],
    question:
      servers.length === 0
        ? "Replace the device's DNS servers with the defaults 8.8.8.8 and 8.8.4.4?"
        : `Set the device's DNS servers to ${servers.join(', ')}?`,
    refusal: 'reset the DNS servers to the defaults',
    needsYes: servers.length === 0,
  });
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
  await run.writer();
  // the password first: the question shows what is sent (the password as ***)
  let pw: string;
  if (o.sslPasswordStdin) pw = await readStdinLine('certificate password');
  else if (o.sslPassword !== undefined) {
    run.warn(argvSecretWarning('--ssl-password', '--ssl-password-stdin'));
    pw = o.sslPassword;
  } else if (process.stdin.isTTY) pw = await promptHidden('Certificate/key password: ');
  else throw new UsageError('the certificate password is required: pass --ssl-password-stdin');
  const [result] = await run.execute({
    steps: [deviceOps.setHttps(on, pw)],
    question: `Turn HTTPS ${on ? 'on' : 'off'}? The device's REST URL may change and pbc lose this connection.`,
    refusal: `turn HTTPS ${on ? 'on' : 'off'}`,
    needsYes: true,
  });
  await run.done(`HTTPS ${on ? 'enabled' : 'disabled'}`, { result });
}

export async function idled(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'idled');
  const [result] = await run.execute({
    steps: [deviceOps.setIdLed(on)],
    question: `Turn the ID LED ${on ? 'on' : 'off'}?`,
    refusal: `turn the ID LED ${on ? 'on' : 'off'}`,
    needsYes: false,
  });
  await run.done(`ID LED ${on ? 'on' : 'off'}`, { result });
}

export async function telnet(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'telnet');
  const [now] = await run.execute({
    steps: [deviceOps.setTelnet(on)],
    question: `Turn telnet ${on ? 'on' : 'off'}?`,
    refusal: `turn telnet ${on ? 'on' : 'off'}`,
    needsYes: false,
  });
  await run.done(`telnet ${now ? 'on' : 'off'}`, { telnet: now });
}

export async function storageMode(run: Run, _o: unknown, mode: string): Promise<void> {
  const m = mode.toLowerCase();
  if (m !== 'simple' && m !== 'ipv6')
    throw new UsageError(`mode must be simple or ipv6, got '${mode}'`);
  const [answer] = await run.execute({
    steps: [deviceOps.setRuleStorageMode(m)],
    question: `Switch the rule storage mode to '${m}'? It changes TCAM capacity and which matches are possible.`,
    refusal: `switch the rule storage mode to '${m}'`,
    needsYes: true,
  });
  const now = answer as { modeCurrent: string; modeNext: string };
  await run.done(`rule storage mode: current ${now.modeCurrent}, next ${now.modeNext}`, {
    current: now.modeCurrent,
    next: now.modeNext,
  });
}

export async function permanentRules(run: Run, _o: unknown, state: string): Promise<void> {
  const on = parseOnOff(state, 'permanent-rules');
  const [result] = await run.execute({
    steps: [deviceOps.setPermanentRulesMode(on)],
    question: `Turn permanent rules mode ${on ? 'on' : 'off'}? It changes which rules the device has after a reboot.`,
    refusal: `turn permanent rules mode ${on ? 'on' : 'off'}`,
    needsYes: true,
  });
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
  const h = await c.device.groupHash();
  for (const f of given) h[WIRE[f]] = o[f]!;
  const [result] = await run.execute({
    steps: [deviceOps.setGroupHash(h)],
    question:
      'Change the group hash keys? Select groups then spread flows over their buckets differently.',
    refusal: 'change the group hash keys',
    needsYes: true,
  });
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
  const what = `${ctl.connection}:${ctl.ip}:${ctl.port}`;
  const [result] = await run.execute({
    steps: [deviceOps.addController(ctl)],
    question: `Add OpenFlow controller ${what}? A controller can change the device's rules.`,
    refusal: `add controller ${what}`,
    needsYes: true,
  });
  await run.done(`controller ${ctl.connection}:${ctl.ip}:${ctl.port} added`, { result });
}

export async function controllerRm(run: Run, o: ControllerOptions): Promise<void> {
  const ctl = controller(o);
  const what = `${ctl.connection}:${ctl.ip}:${ctl.port}`;
  const [result] = await run.execute({
    steps: [deviceOps.removeController(ctl)],
    question: `Delete controller ${what}?`,
    refusal: `delete controller ${what}`,
    needsYes: true,
  });
  await run.done(`controller ${what} deleted`, { result });
}

export async function reboot(run: Run): Promise<void> {
  const [result] = await run.execute({
    steps: [deviceOps.reboot()],
    question: 'Reboot the device? Traffic forwarding stops until it is back.',
    refusal: 'reboot the device',
    needsYes: true,
  });
  await run.done('the device is rebooting', { result });
}

export async function logClear(run: Run): Promise<void> {
  const [result] = await run.execute({
    steps: [logOps.clear()],
    question: 'Delete the device log?',
    refusal: 'delete the device log',
    needsYes: true,
  });
  await run.done('device log cleared', { result });
}
