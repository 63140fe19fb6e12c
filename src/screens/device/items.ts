/** The lines of screen 9: each device setting, its value, the level it needs, and what it does. */
import type { FlowNumbers, GroupHash, SavePoints } from '../../model/index.js';
import { GROUP_HASH_FIELDS, READ, SUPER, WRITE } from '../../model/index.js';
import { storageModePending } from '../../model/port-pending.js';
import type { ResourceData } from '../../store/resources.js';
import { capacity } from '../../tcam/index.js';
import { connectionFollowsIp, DEFAULT_DNS, permanentModeEffect, urlHost } from './effects.js';

export type DeviceConfig = ResourceData['deviceConfig'];
export type DeviceSettings = ResourceData['settings'];

export type DeviceItemId =
  | 'ident'
  | 'name'
  | 'ip'
  | 'dns'
  | 'https'
  | 'idled'
  | 'telnet'
  | 'storage'
  | 'permanent'
  | 'controllers'
  | 'hash'
  | 'reboot';

/** A read-only environment row (environment.ts): `env:fans`, `env:psu`, `env:temp:N`. */
export type EnvItemId = `env:${string}`;

export interface DeviceItem {
  id: DeviceItemId | EnvItemId;
  label: string;
  value: string;
  /** Level the change needs (spec's Endpoints tables). */
  level: number;
  /** What the setting is and what Enter does. */
  about: string[];
}

export const HASH_FIELDS: ReadonlyArray<keyof GroupHash> = GROUP_HASH_FIELDS;

/** Which rule save-point loads on boot: a name, null for none, undefined when the device does not say. */
export function bootSavePointName(savepoints: SavePoints | undefined): string | null | undefined {
  if (!savepoints) return undefined;
  const boot = savepoints.rules.find((sp) => sp.boot === true);
  if (boot) return boot.name;
  return savepoints.rules.length > 0 && savepoints.rules.every((sp) => sp.boot === false)
    ? null
    : undefined;
}

const onOff = (v: boolean | undefined) => (v === undefined ? '…' : v ? 'on' : 'off');

export interface DeviceItemInput {
  config?: DeviceConfig | undefined;
  settings?: DeviceSettings | undefined;
  flows?: FlowNumbers | undefined;
  rules?: ResourceData['rules'] | undefined;
  bootSavePoint?: string | null | undefined;
  sessionUrl: string;
}

export function deviceItems(d: DeviceItemInput): DeviceItem[] {
  const c = d.config;
  const s = d.settings;
  const ip = c?.ip;
  const ipText = ip
    ? `${ip.current_ip}/${ip.current_netmask} gw ${ip.current_gateway}${
        ip.stored_ip === ip.current_ip &&
        ip.stored_netmask === ip.current_netmask &&
        ip.stored_gateway === ip.current_gateway
          ? ' (stored: same)'
          : ` (stored: ${ip.stored_ip}/${ip.stored_netmask} gw ${ip.stored_gateway})`
      }`
    : '…';
  const https = d.sessionUrl.startsWith('https:') ? 'https' : 'http';
  const storage = s
    ? `${s.storage.modeCurrent}${
        storageModePending(s.storage) ? ` · ⟳ ${storageModePending(s.storage)}` : ''
      }${
        d.flows
          ? ` · ${d.flows.used_flows} of ${capacity(s.storage.modeCurrent).maximum} flows used`
          : ''
      }`
    : '…';
  const boot = d.bootSavePoint;
  const controllers = c
    ? c.controllers.length === 0
      ? 'none'
      : `${c.controllers.length}: ${c.controllers.map((x) => `${x.connection} ${x.ip}:${x.port}`).join(', ')}`
    : '…';
  const hash = c ? HASH_FIELDS.filter((k) => c.hash[k]).join(' ') || 'none' : '…';
  return [
    {
      id: 'ident',
      label: 'Label & notes',
      value: c ? `${c.ident.name || '—'} · ${c.ident.notes || '—'}` : '…',
      level: SUPER,
      about: [
        'The custom identification: a label and free notes (e.g. the rack). Enter edits both.',
      ],
    },
    {
      id: 'name',
      label: 'Device name',
      value: c?.name ?? '…',
      level: SUPER,
      about: ['The device (host) name. Enter renames the device.'],
    },
    {
      id: 'ip',
      label: 'Management IP',
      value: ipText,
      level: SUPER,
      about: [
        'Address, netmask and gateway of the management port; a change applies now and at boot.',
        ip && connectionFollowsIp(d.sessionUrl, ip.current_ip)
          ? 'pbc is connected through this address: after a change it offers to follow it.'
          : `pbc reaches the device through ${urlHost(d.sessionUrl) || 'another address'}: a change does not move this connection.`,
      ],
    },
    {
      id: 'dns',
      label: 'DNS servers',
      value: c ? (c.dns.length ? c.dns.join(', ') : 'none') : '…',
      level: SUPER,
      about: [
        `Up to three servers, queried in order. All empty restores the defaults ${DEFAULT_DNS.join(' and ')}.`,
      ],
    },
    {
      id: 'https',
      label: 'HTTPS',
      value: `not reported by the device · pbc uses ${https}`,
      level: READ,
      about: [
        'Turns the web/REST HTTPS service on or off; needs the password of the certificate/key.',
        'The device has no way to read the state back. After enabling, pbc offers to switch this connection to https.',
      ],
    },
    {
      id: 'idled',
      label: 'ID LED',
      value: onOff(c?.idLed),
      level: WRITE,
      about: ['The identification LED, to find the device in the rack. Enter (or l) switches it.'],
    },
    {
      id: 'telnet',
      label: 'Telnet',
      value: onOff(c?.telnet),
      level: READ,
      about: [
        'Telnet access to the device. Telnet sends passwords in clear text. Enter switches it.',
      ],
    },
    {
      id: 'storage',
      label: 'Rule storage mode',
      value: storage,
      level: SUPER,
      about: [
        'simple: 4096 flows, no IPv6 matches. ipv6: 2048 flows (double-wide entries), IPv6 matches allowed.',
        'Enter explains the switch, checks that the active rules fit, and asks before applying.',
      ],
    },
    {
      id: 'permanent',
      label: 'Permanent rules',
      value:
        s === undefined
          ? '…'
          : s.permanent
            ? 'on: active rules stay through reboots'
            : `off: at boot ${boot ? `'${boot}' loads` : boot === null ? 'no save-point loads' : 'the boot save-point loads'}`,
      level: SUPER,
      about: s === undefined ? ['…'] : permanentModeEffect(!s.permanent, boot),
    },
    {
      id: 'controllers',
      label: 'Controllers',
      value: controllers,
      level: SUPER,
      about: [
        'OpenFlow controllers the device connects to. Enter (or c) lists them: a adds, d deletes.',
      ],
    },
    {
      id: 'hash',
      label: 'Group hash fields',
      value: hash,
      level: WRITE,
      about: [
        'Header fields that select the bucket of a select (load-balancing) group. At least one must stay on.',
      ],
    },
    {
      id: 'reboot',
      label: 'Reboot',
      value: 'B or Enter',
      level: SUPER,
      about: ['Restarts the device after a confirmation; pbc waits for it and reconnects.'],
    },
  ];
}

/** `/` on Device: the settings whose name, value or explanation hold the text (any case). */
export function filterItems(items: readonly DeviceItem[], filter: string): readonly DeviceItem[] {
  const f = filter.trim().toLowerCase();
  if (!f) return items;
  return items.filter((i) =>
    `${i.label} ${i.value} ${i.about.join(' ')}`.toLowerCase().includes(f),
  );
}
