/**
 * The rule editor's traffic summary in words, for a typed rule that may take traffic no rule
 * matches today (bounded from the input ports' rx: src/tcam unmatched.ts).
 */
import { describe, expect, it } from 'vitest';
import { typedRule } from '../../../test/harness/typed-rule.js';
import type { PortInfo, Rule } from '../../model/index.js';

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
  return typedRule(rules, PORTS, match, { rx: (no) => rxOf[no] ?? null }).impact?.summary;
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

describe('editorImpact: no more than the matched ports receive', () => {
  it('in_port=3 alone takes at most port 3 rx, not the whole rate of a rule fed by every port', () => {
    // a catch-all carries 15G from every port; port 3 receives 150M of it, 17.1M won by p3
    const all = rule('all', 100, {}, 9, 15 * G);
    const p3 = rule('p3', 500, { in_port: '3' }, 9, 17.1e6);
    const text = summary([all, p3], [['in_port', '3']], { ...rx, 3: 150e6 });
    expect(text).toMatch(/^traffic: takes 17\.1M–150M?b\/s from 'p3' \(all\), 'all' \(part\)/);
    expect(text).not.toContain('15.0G');
  });
});
