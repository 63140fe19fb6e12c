/**
 * What a device setting change will do, in words, computed before anything is sent: the
 * storage mode's capacity and IPv6 trade-off and whether the active rules still fit, the
 * permanent rules mode at the next boot, DNS defaults, where the connection goes when the
 * management address or HTTPS changes, and what a reboot does to the rules.
 */
import type { Rule, StorageMode } from '../../model/index.js';
import { parseIpv4 } from '../../model/index.js';
import { capacity } from '../../tcam/index.js';

/** The device's defaults when all DNS servers are empty (spec: POST /device/nameresolution). */
export const DEFAULT_DNS = ['8.8.8.8', '8.8.4.4'] as const;

const IPV6_FIELDS = ['ipv6_src', 'ipv6_dst'];

/** Rules that match on IPv6 addresses (refused in the `simple` storage mode). */
export function ipv6Rules(rules: readonly Rule[]): Rule[] {
  return rules.filter((r) => IPV6_FIELDS.some((f) => Object.hasOwn(r.match, f)));
}

export interface StorageEffect {
  lines: string[];
  /** false when the device will refuse the change; null when pbc does not know the rules. */
  fits: boolean | null;
}

export function storageModeEffect(
  current: StorageMode,
  target: StorageMode,
  rules: readonly Rule[] | undefined,
  usedFlows: number | undefined,
): StorageEffect {
  const from = capacity(current);
  const to = capacity(target);
  const lines = [
    `Capacity: ${from.maximum} flows in '${current}' → ${to.maximum} flows in '${target}'${
      target === 'ipv6' ? ' (IPv6 entries are double-wide)' : ''
    }.`,
    target === 'ipv6'
      ? 'IPv6 matches (ipv6_src, ipv6_dst) become possible.'
      : 'IPv6 matches (ipv6_src, ipv6_dst) are no longer possible.',
    'The change applies at once (modeCurrent becomes the new mode); it may change which matches and actions the device accepts.',
  ];
  if (rules === undefined || usedFlows === undefined) {
    lines.push('The active rules are not loaded yet: the device will check whether they fit.');
    return { lines, fits: null };
  }
  const problems: string[] = [];
  const v6 = target === 'simple' ? ipv6Rules(rules) : [];
  if (v6.length > 0)
    problems.push(
      `${v6.length} active rule(s) match on IPv6 (${v6
        .slice(0, 3)
        .map((r) => r.name || `priority ${r.priority}`)
        .join(', ')}${v6.length > 3 ? ', …' : ''}) and cannot stay in 'simple'`,
    );
  if (usedFlows > to.hardLimit)
    problems.push(
      `the active rules use ${usedFlows} flows, more than '${target}' holds (${to.maximum})`,
    );
  if (problems.length > 0) {
    lines.push(
      `The active rules would NOT fit: ${problems.join('; ')}. The device will refuse the change.`,
    );
    return { lines, fits: false };
  }
  lines.push(
    usedFlows > to.maximum
      ? `The ${rules.length} active rules use ${usedFlows} flows: above the reported ${to.maximum}, within what the device accepts (${to.hardLimit}).`
      : `The ${rules.length} active rules use ${usedFlows} of ${to.maximum} flows: they still fit.`,
  );
  return { lines, fits: true };
}

export function permanentModeEffect(
  turnOn: boolean,
  bootSavePoint: string | null | undefined,
): string[] {
  const boot =
    bootSavePoint === undefined
      ? 'the boot save-point'
      : bootSavePoint === null
        ? 'no save-point (none is set to load on boot: the rule set starts empty)'
        : `the boot save-point '${bootSavePoint}'`;
  return turnOn
    ? [
        'On: the active rules and groups stay through reboots.',
        `The boot save-point is no longer loaded at boot (now: ${boot}).`,
      ]
    : [
        'Off: at the next boot the active rules and groups are cleared and',
        `${boot} is loaded instead. Rules changed since it was saved are lost at the next reboot unless saved (screen 5).`,
      ];
}

export function rebootEffect(
  permanent: boolean | undefined,
  bootSavePoint: string | null | undefined,
  activeRules: number | undefined,
): string[] {
  const n = activeRules === undefined ? 'the active rules' : `the ${activeRules} active rules`;
  const rules =
    permanent === undefined
      ? 'What happens to the rules depends on the permanent rules mode (not loaded yet).'
      : permanent
        ? `Permanent rules mode is on: ${n} and groups stay.`
        : bootSavePoint === null
          ? `Permanent rules mode is off and no save-point loads on boot: ${n} are cleared and the device starts with none.`
          : `Permanent rules mode is off: ${n} are replaced by the boot save-point${bootSavePoint ? ` '${bootSavePoint}'` : ''}.`;
  return [
    'The device restarts: traffic is not forwarded and the REST service does not answer until it is back.',
    rules,
    'Pending port changes (split, xg_speed) take effect. Users, UAC, settings and apps are kept.',
    'pbc shows a countdown, polls until the device answers again, then reconnects.',
  ];
}

export function dnsEffect(servers: readonly string[]): string {
  const given = servers.map((s) => s.trim()).filter((s) => s !== '');
  return given.length === 0
    ? `All empty: the device restores its default servers ${DEFAULT_DNS.join(' and ')}.`
    : `Servers, queried in this order: ${given.join(', ')}.`;
}

/** A message for an IPv4 field, or null when it is a dotted-quad address. */
export function checkAddress(value: string, what: string): string | null {
  return parseIpv4(value.trim()) === null ? `${what} must be an IPv4 address (a.b.c.d)` : null;
}

/** The host of a base URL without brackets, '' when it cannot be parsed. */
export function urlHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

/** The base URL with another host (the port and path are kept). */
export function withHost(url: string, host: string): string {
  const u = new URL(url);
  u.hostname = host;
  return u.toString().replace(/\/$/, '');
}

/** The base URL switched to http or https; an explicit default port of the old scheme is dropped. */
export function withScheme(url: string, https: boolean): string {
  const u = new URL(url);
  const port = u.port;
  const wasDefault =
    port === '' ||
    (u.protocol === 'http:' && port === '80') ||
    (u.protocol === 'https:' && port === '443');
  const text = `${https ? 'https' : 'http'}://${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}${
    wasDefault ? '' : `:${port}`
  }${u.pathname}`;
  return text.replace(/\/$/, '');
}

/** Whether this connection goes to the management address (so a change moves it). */
export function connectionFollowsIp(sessionUrl: string, currentIp: string): boolean {
  return urlHost(sessionUrl) === currentIp.trim();
}
