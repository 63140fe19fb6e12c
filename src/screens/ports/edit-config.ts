/**
 * `e` on screen 2: POST /ports/config for one port — speed, duplex, xg_speed, shutdown and
 * the options — with the choices its port type allows (spec: port types 1..11), only the
 * changed settings sent, and a confirmation that says what happens to the link.
 */
import type { PortConfig } from '../../model/index.js';
import { sanitize, WRITE } from '../../model/index.js';
import { describePortChange, needsReboot, pendingText } from '../../model/port-pending.js';
import { perform } from '../../ops/perform.js';
import { type PortConfigChanges, portOps, readPortConfig } from '../../ops/ports.js';
import type { FieldSpec, FormValues } from '../../widgets/forms/form-state.js';
import type { ActionContext } from '../dialogs/action-context.js';
import type { Line } from '../dialogs/dialog.js';

const ALL_SPEEDS = ['10', '100', '1000', '10G', '40G', '100G', 'auto'];

/** Speeds a port type offers (the spec's port type list); every speed when the type is unknown. */
export function speedOptions(type: number): string[] {
  switch (type) {
    case 1:
    case 3:
      return ['10', '100', '1000', 'auto'];
    case 2:
      return ['1000'];
    case 4:
    case 9:
    case 10:
    case 11:
      return ['1000', '10G'];
    case 5:
      return ['10G'];
    case 6:
    case 8:
      return ['40G'];
    case 7:
      return ['40G', '100G'];
    default:
      return ALL_SPEEDS;
  }
}

export function duplexOptions(type: number): string[] {
  return type === 1 || type === 3 ? ['full', 'half', 'auto'] : ['full', 'auto'];
}

const withCurrent = (options: string[], current: string) =>
  options.includes(current) ? options : [current, ...options];

export function portFields(p: PortConfig): FieldSpec[] {
  const fields: FieldSpec[] = [
    {
      id: 'shutdown',
      label: 'Shut down',
      kind: 'checkbox',
      value: String(p.shutdown),
      help: 'a shut-down port forwards nothing',
    },
    {
      id: 'speed',
      label: 'Speed',
      kind: 'select',
      options: withCurrent(speedOptions(p.type), p.speed),
      value: p.speed,
      ...(needsReboot(p.type, 'speed')
        ? { help: `type ${p.type}: a new speed applies after the next reboot` }
        : {}),
    },
    {
      id: 'duplex',
      label: 'Duplex',
      kind: 'select',
      options: withCurrent(duplexOptions(p.type), p.duplex),
      value: p.duplex,
    },
  ];
  if (p.xg_speed)
    fields.push({
      id: 'xg_speed',
      label: 'xg_speed (next)',
      kind: 'select',
      options: ['1G', 'XG'],
      value: p.xg_speed.nextSetting,
      help: needsReboot(p.type, 'xg_speed')
        ? `type ${p.type}: applies after the next reboot`
        : '1G or XG (10G)',
    });
  fields.push(
    {
      id: 'unidirectional',
      label: 'Unidirectional',
      kind: 'checkbox',
      value: String(Boolean(p.unidirectional)),
      help: 'TX forced up regardless of the link',
    },
    {
      id: 'crc_check',
      label: 'CRC check',
      kind: 'checkbox',
      value: String(Boolean(p.crc_check)),
      help: 'accept packets with invalid checksums',
    },
    {
      id: 'crc_recalculation',
      label: 'CRC recalculation',
      kind: 'checkbox',
      value: String(Boolean(p.crc_recalculation)),
      help: 'fix the checksum of outgoing packets',
    },
  );
  return fields;
}

/** The settings that differ from the port's configuration. */
export function portChanges(p: PortConfig, v: FormValues): PortConfigChanges {
  const changes: PortConfigChanges = {};
  const flag = (id: 'shutdown' | 'unidirectional' | 'crc_check' | 'crc_recalculation') => {
    const next = v[id] === 'true';
    if (v[id] !== undefined && next !== Boolean(p[id])) changes[id] = next;
  };
  flag('shutdown');
  if (v.speed !== undefined && v.speed !== p.speed) changes.speed = v.speed;
  if (v.duplex !== undefined && v.duplex !== p.duplex) changes.duplex = v.duplex;
  if (p.xg_speed && v.xg_speed !== undefined && v.xg_speed !== p.xg_speed.nextSetting)
    changes.xg_speed = v.xg_speed;
  flag('unidirectional');
  flag('crc_check');
  flag('crc_recalculation');
  return changes;
}

export function changeLines(p: PortConfig, c: PortConfigChanges): Line[] {
  const later = (k: string) => needsReboot(p.type, k);
  const lines: Line[] = Object.entries(c).map(([k, v]) => {
    const before =
      k === 'xg_speed' ? p.xg_speed?.nextSetting : (p as unknown as Record<string, unknown>)[k];
    return `${k}: ${String(before ?? '—')} → ${String(v)}${later(k) ? ' — applies after reboot' : ''}`;
  });
  const waiting = pendingText(p);
  if (waiting) lines.push(`Already pending (applies after reboot): ${waiting}.`);
  if (c.shutdown === true)
    lines.push({ text: `${p.if_name} stops forwarding traffic.`, color: 'yellow' });
  if ((c.speed !== undefined && !later('speed')) || c.duplex !== undefined)
    lines.push({
      text: 'The link renegotiates: traffic on this port stops for a moment.',
      color: 'yellow',
    });
  if ((c.xg_speed !== undefined || c.speed !== undefined) && later('xg_speed'))
    lines.push({
      text: `Pending: on port type ${p.type} the new speed applies only after the next reboot; until then ${p.if_name} keeps running at ${p.xg_speed?.currSetting ?? p.speed}.`,
      color: 'yellow',
    });
  return lines;
}

/** Above the form: what already waits for a reboot on this port. */
function formLines(p: PortConfig): Line[] | undefined {
  const waiting = pendingText(p);
  return waiting
    ? [{ text: `⟳ pending — applies after reboot: ${waiting}`, color: 'yellow' }]
    : undefined;
}

export interface PortEditContext extends ActionContext {}

export function editPortConfig(
  ctx: PortEditContext,
  port: PortConfig | undefined,
  name: string | undefined,
) {
  if (!name) return ctx.notify('no port selected');
  if (!ctx.allowed('changing a port', WRITE)) return;
  if (!port)
    return ctx.notify(
      `the configuration of ${sanitize(name)} is still loading; try again in a moment`,
    );
  ctx.dialog.form(
    `Port ${sanitize(port.if_name)} (type ${port.type})`,
    portFields(port),
    (v) => {
      const changes = portChanges(port, v);
      if (Object.keys(changes).length === 0) return 'nothing changed';
      const op = portOps.setConfig(port.if_name, changes);
      ctx.dialog.ask({
        title: `Change ${sanitize(port.if_name)}?`,
        lines: changeLines(port, changes),
        ops: [op],
        yes: () => {
          void ctx.dialog.run(`Changing ${sanitize(port.if_name)}`, async () => {
            await perform(ctx, op);
            // the device's word on what took effect: read the port back (a failed read falls
            // back on the port type)
            const after = await readPortConfig(ctx.client, port.if_name);
            return `${sanitize(port.if_name)}: ${describePortChange(changes, port.type, after).join(', ')}`;
          });
        },
        yesLabel: 'change',
      });
      return undefined;
    },
    formLines(port),
  );
}
