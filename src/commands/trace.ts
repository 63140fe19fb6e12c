/**
 * `pbc trace FIELD[=VALUE]…`: where does this packet go? The packet is written in the
 * `--match` vocabulary with exact values (src/traffic/packet.ts); the answer is src/tcam's
 * `trace` over the device's rules, groups, ports and group hash, read with GETs only. A
 * packet that does not parse is a usage error (exit 2) naming the field, found before any
 * request when the field's text alone is wrong.
 */
import type { Client } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import type { Rule } from '../model/index.js';
import {
  describePacket,
  type Flow,
  type PacketIssue,
  packetWords,
  parsePacket,
  portNumbers,
  type Trace,
  type TraceDevice,
  trace,
  tracePorts,
} from '../traffic/index.js';
import type { Run } from './run.js';

/** The device as `trace` reads it (the console's store holds the same resources). */
export async function traceDeviceOf(c: Client): Promise<TraceDevice<Rule>> {
  const [list, groups, info, config, hash] = await Promise.all([
    c.rules.list(),
    c.groups.list(),
    c.ports.info(),
    c.ports.config(),
    c.device.groupHash(),
  ]);
  return { rules: list.rules, groups, ports: tracePorts(info, config), hash };
}

export interface TraceJson {
  verdict: Trace['verdict'];
  rule: { cookie: string; priority: number; name: string } | null;
  passed: Array<{ cookie: string; priority: number; name: string; field: string }>;
  outputs: string[];
  groups: Array<{ id: number; type: string; bucket: number | null }>;
  reason: string | null;
}

export function traceJson(t: Trace<Rule>): TraceJson {
  const ref = (r: Rule) => ({ cookie: r.cookie.toString(), priority: r.priority, name: r.name });
  return {
    verdict: t.verdict,
    rule: t.rule ? ref(t.rule) : null,
    passed: t.passed.map((p) => ({ ...ref(p.rule), field: p.field })),
    outputs: t.outputs.map((o) => o.name),
    groups: t.groups.map((g) => ({ id: g.id, type: g.type, bucket: g.bucket })),
    reason: t.reason,
  };
}

const issueText = (i: PacketIssue) => i.message;

/** The packet, or a usage error naming the first bad field. */
function packetOf(words: readonly string[], byName?: ReadonlyMap<string, number>): Flow {
  const pairs = packetWords(words);
  // Before the device's ports are known, any interface name passes as in_port.
  const names =
    byName ??
    new Map(
      pairs
        .filter(([f, v]) => f === 'in_port' && !/^\d+$/.test(v) && /^[\w./:-]+$/.test(v))
        .map(([, v]) => [v, 0]),
    );
  const parsed = parsePacket(pairs, names);
  if (parsed.flow) return parsed.flow;
  throw new UsageError(
    `${issueText(parsed.issues[0]!)} (e.g. pbc trace in_port=3 tcp tcp_dst=443)`,
  );
}

const PASSED_SHOWN = 12;

function label(r: Rule): string {
  return `${r.name ? `'${r.name}'` : '(no name)'} priority ${r.priority}`;
}

async function table(t: Trace<Rule>, packet: Flow, dev: TraceDevice<Rule>): Promise<string> {
  const { renderPairs } = await import('./table.js');
  const inName = dev.ports.find((p) => p.no === packet.in_port);
  const pairs: [string, string][] = [
    [
      'packet',
      `in_port ${packet.in_port}${inName ? ` (${inName.name}${inName.up ? '' : ', down'})` : ' (not a port of this device)'} · ${describePacket(packet)}`,
    ],
    ['verdict', t.verdict],
    ['rule', t.rule ? `${label(t.rule)}, cookie ${t.rule.cookie}` : 'none matches'],
  ];
  if (t.rule) pairs.push(['actions', t.actions.join(',') || '(none)']);
  for (const g of t.groups) pairs.push([`group ${g.id}`, `${g.type}: ${g.text}`]);
  if (t.outputs.length > 0)
    pairs.push(['outputs', t.outputs.map((o) => `${o.name} (up)`).join(', ')]);
  if (t.lost.length > 0) pairs.push(['lost', t.lost.map((o) => `${o.name} (down)`).join(', ')]);
  if (t.reason) pairs.push(['reason', t.reason]);
  pairs.push([
    'passed over',
    t.passedCount === 0
      ? 'none (no rule ranks ahead of it)'
      : `${t.passedCount} rule(s) ranked ahead, each with the first field the packet fails:`,
  ]);
  // the first few explained, not all 65,536: -o json lists them all
  for (const p of t.passedFirst(PASSED_SHOWN)) pairs.push(['', `${label(p.rule)}: ${p.field}`]);
  if (t.passedCount > PASSED_SHOWN)
    pairs.push(['', `… and ${t.passedCount - PASSED_SHOWN} more (-o json lists them all)`]);
  if (t.skipped > 0)
    pairs.push(['note', `${t.skipped} malformed rule(s) left out: their priority is unknown`]);
  return renderPairs(pairs);
}

export async function tracePacket(run: Run, _opts: unknown, words: string[]): Promise<void> {
  packetOf(words ?? []);
  const dev = await traceDeviceOf(await run.client());
  const packet = packetOf(words, portNumbers(dev.ports));
  const result = trace(packet, dev);
  await run.print(traceJson(result), () => table(result, packet, dev));
}
