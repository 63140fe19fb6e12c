/** The Tools screen's rows: state per tool, Enter's class lines naming the rule, the trace packet. */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../model/index.js';
import { checkDelivery, type Intents } from '../../traffic/intents/index.js';
import { classLines, toolRows, traceValues } from './rows.js';

const intents: Intents = {
  tools: [
    { name: 'apm', port: 10, wants: [{ tcp: '' }] },
    { name: 'ids', port: 9, wants: [{ vlan_id: '1-3' }] },
  ],
  sources: [1],
  band: [10000, 19999],
  unwanted: 'drop',
};
const rule = (
  priority: number,
  name: string,
  match: Rule['match'],
  actions: string[],
  datarate_raw: number | null = null,
) => ({ priority, name, match, actions, datarate_raw }) as unknown as Rule;
const ports = [
  { no: 9, name: 'eth-0-9', up: true },
  { no: 10, name: 'eth-0-10', up: true },
];

describe('toolRows', () => {
  it('marks the starved tool, names the rule that takes its class, traces a packet of it', () => {
    const rules = [
      rule(30000, 'thief', { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:12'], 13.6e6),
      rule(100, 'tap', { in_port: '1', tcp: '' }, ['output:10'], 2e9),
    ];
    const check = checkDelivery(intents, {
      rules,
      groups: new Map(),
      portUp: () => true,
      hashFields: [],
    });
    const rates = new Map([['10', { txBps: 2e9, rxBps: 1e9 }]]) as never;
    const rows = toolRows(check, intents, ports, rates, () => 10e9);
    expect(rows.map((r) => [r.name, r.portName, r.state, r.intent])).toEqual([
      ['apm', 'eth-0-10', 'starved', 'tcp'],
      ['ids', 'eth-0-9', 'starved', 'vlan_id=1-3'],
    ]);
    expect(rows[0]!.line).toBe('20%');
    const apm = classLines(rows[0]!.check);
    // the class is all the thief counts: its rate, beside the class (Enter's line)
    expect(apm[0]!.text).toBe(
      "starved in_port=1 tcp tcp_dst=443 · 13.6Mb/s — taken by 30000 'thief' (in_port=1 tcp tcp_dst=443)",
    );
    // VLAN 1-3 TCP of port 1 is part of what the tap counts: its rate bounds it
    expect(classLines(rows[1]!.check).map((c) => c.text)).toContain(
      "starved in_port=1 vlan=1-3 tcp tcp_dst=none,0-442,444-65535 · ≤ 2.00Gb/s — taken by 100 'tap' (in_port=1 tcp)",
    );
    const v = traceValues(apm[0]!.cube);
    expect(v).toMatchObject({ in_port: '1', protocol: 'tcp', dst_port: '443' });
    // the IDS: nothing sends VLANs 1-3 anywhere but the tap's TCP to port 10
    expect(classLines(rows[1]!.check).every((c) => c.kind === 'starved')).toBe(true);
  });
});
