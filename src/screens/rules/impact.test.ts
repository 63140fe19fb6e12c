/**
 * The rule editor's traffic summary in words, for a typed rule that may take traffic no rule
 * matches today (bounded from the input ports' rx: src/tcam unmatched.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PortInfo, Rule } from '../../model/index.js';
import { deviceView } from '../device-view.js';
import type { TrafficView } from '../traffic-view.js';
import { analyze } from './analysis.js';
import { newRuleForm, type RuleForm } from './editor-state.js';
import { editorImpact } from './impact.js';

const G = 1e9;
const rule = (
  name: string,
  priority: number,
  match: Rule['match'],
  out: number,
  bps: number | null,
): Rule => ({
  cookie: BigInt(priority),
  name,
  description: '',
  priority,
  match,
  actions: [`output:${out}`],
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: bps,
  real_flow_ct: 1,
});
const info = (no: number): PortInfo => ({
  port_no: String(no),
  if_name: `eth-0-${no}`,
  admin_status: 'PORT_UP',
  link_status: 'LINK_UP',
  duplex: 'full',
  mac_addr: '',
  speed: '10G (10G)',
});
const PORTS = [1, 2, 3, 16, 19].map(info);
const rx: Record<number, number | null> = { 1: 2 * G, 2: 1 * G, 3: 0.5 * G, 16: 0, 19: 58 * G };

function summary(rules: Rule[], match: Array<[string, string]>, rxOf = rx): string | undefined {
  const f = newRuleForm('add', null);
  let id = 100;
  const form = {
    ...f,
    name: { text: 'new', cursor: 3 },
    priority: { ...f.priority, text: '40000' },
    match: match.map(([k, v]) => ({
      id: id++,
      field: { text: k, cursor: k.length },
      value: { text: v, cursor: v.length },
    })),
    actions: [{ id: id++, text: { text: 'output:16', cursor: 9 } }],
  } as RuleForm;
  const view = deviceView({ rules: { rules, used_flows: rules.length }, groups: [], info: PORTS });
  const traffic: TrafficView = {
    rules,
    groups: new Map(),
    ports: PORTS.map((p) => ({
      no: Number(p.port_no),
      name: p.if_name,
      up: true,
      lineBps: 10 * G,
      txBps: 0,
      txDropPps: 0,
      rxBps: rxOf[Number(p.port_no)] ?? null,
    })),
    known: true,
  };
  return editorImpact(analyze(form, view), traffic)?.summary;
}

const tap = rule('tap', 1000, { in_port: '19', tcp: '', tcp_dst: '22' }, 9, 1 * G);

describe('editorImpact: the traffic no rule matches today', () => {
  it('says how much of it the rule takes, after what it takes from rules', () => {
    expect(summary([], [['in_port', '19']])).toBe(
      'traffic: takes 58.0Gb/s that no rule matches today on eth-0-19',
    );
    // tap only takes port 19's: 57 left, all of it the new rule's; tap's 1G is taken too
    expect(summary([tap], [['in_port', '19']])).toBe(
      "traffic: takes 1.00Gb/s from 'tap' (all) and 57.0Gb/s that no rule matches today on eth-0-19",
    );
  });

  it('"up to" when other fields narrow it; ports largest first, two named', () => {
    expect(
      summary(
        [],
        [
          ['in_port', '1-3,19'],
          ['udp', ''],
        ],
      ),
    ).toBe(
      'traffic: takes up to 61.5Gb/s that no rule matches today on eth-0-19, eth-0-1 and 2 more ports',
    );
  });

  it('says nothing of it where rx is not measured', () => {
    expect(summary([], [['in_port', '19']], {})).toBe(
      'traffic: takes no measured traffic from other rules',
    );
  });
});
