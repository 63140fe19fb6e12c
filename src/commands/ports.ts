/** `pbc ports set PORT …` (POST /ports/config). */
import type { PortConfigChanges } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { describePortChange, pendingSettingText, portPending } from '../model/port-pending.js';
import { portOps, readPortConfig } from '../ops/ports.js';
import { NotFoundError } from './errors.js';
import type { Run } from './run.js';

export interface PortOptions {
  shutdown?: boolean;
  speed?: string;
  duplex?: string;
  xgSpeed?: string;
  unidirectional?: boolean;
  crcCheck?: boolean;
  crcRecalculation?: boolean;
}

const SPEEDS = ['10', '100', '1000', '10G', '40G', '100G', 'auto'];
const DUPLEX = ['full', 'half', 'auto'];
const XG = ['1G', 'XG'];

function oneOf(value: string | undefined, allowed: string[], flag: string): string | undefined {
  if (value === undefined) return undefined;
  const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!hit) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got '${value}'`);
  return hit;
}

function portChanges(o: PortOptions): PortConfigChanges {
  const ch: PortConfigChanges = {};
  const speed = oneOf(o.speed, SPEEDS, '--speed');
  if (speed !== undefined) ch.speed = speed;
  const duplex = oneOf(o.duplex, DUPLEX, '--duplex');
  if (duplex !== undefined) ch.duplex = duplex;
  const xg = oneOf(o.xgSpeed, XG, '--xg-speed');
  if (xg !== undefined) ch.xg_speed = xg;
  if (o.shutdown !== undefined) ch.shutdown = o.shutdown;
  if (o.unidirectional !== undefined) ch.unidirectional = o.unidirectional;
  if (o.crcCheck !== undefined) ch.crc_check = o.crcCheck;
  if (o.crcRecalculation !== undefined) ch.crc_recalculation = o.crcRecalculation;
  if (Object.keys(ch).length === 0)
    throw new UsageError(
      'nothing to change: give --shutdown/--no-shutdown, --speed, --duplex, --xg-speed, --[no-]unidirectional, --[no-]crc-check or --[no-]crc-recalculation',
    );
  return ch;
}

export async function set(run: Run, o: PortOptions, port: string): Promise<void> {
  const changes = portChanges(o);
  const c = await run.writer();
  let ifName = port;
  if (/^\d+$/.test(port)) {
    // A port number: find its interface name.
    const hit = (await c.ports.info()).find((p) => p.port_no === port);
    if (!hit) throw new NotFoundError(`no port ${port} on this device (pbc get ports lists them)`);
    ifName = hit.if_name;
  }
  const sent = Object.entries(changes)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  // Any port change can take the link down (and --shutdown does): asked before anything is
  // sent. The question says which settings wait for a reboot (the port's type decides).
  const [result] = await run.execute({
    steps: [portOps.setConfig(ifName, changes)],
    question: async () => {
      const before = await readPortConfig(c, ifName);
      const said = before ? describePortChange(changes, before.type).join(', ') : sent;
      return `Change port ${ifName}: ${said}? Traffic through it may stop.`;
    },
    refusal: `change port ${port} (${sent})`,
    needsYes: true,
  });
  // Read the port back: a change that waits for a reboot (type 4 speed) is said to be pending,
  // not done. If the read fails, the message says only what was sent.
  const after = await readPortConfig(c, ifName);
  if (!after) {
    await run.done(`port ${ifName}: ${sent}`, { result });
    return;
  }
  const pending = portPending(after).map(pendingSettingText);
  await run.done(`port ${ifName}: ${describePortChange(changes, after.type, after).join(', ')}`, {
    result,
    ...(pending.length ? { pending: pending.map((p) => `${p} — applies after reboot`) } : {}),
  });
}
