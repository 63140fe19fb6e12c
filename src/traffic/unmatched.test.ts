import { describe, expect, it } from 'vitest';
import { portImpactText, ruleImpact } from './impact.js';
import type { LoadPort, RatedRule } from './load.js';
import { ratedRule } from './test-rules.js';
import { unmatchedByPort } from './unmatched.js';

const G = 1e9;
const rule = ratedRule;

const port = (no: number, rxBps: number | null | undefined, txBps = 0): LoadPort => ({
  no,
  name: `eth-0-${no}`,
  up: true,
  lineBps: 10 * G,
  txBps,
  txDropPps: 0,
  ...(rxBps === undefined ? {} : { rxBps }),
});
const ctx = (rules: RatedRule[], ports: LoadPort[]) => ({ rules, groups: new Map(), ports });
const add = (match: Record<string, string>, actions = ['output:16'], priority = 40000) => ({
  kind: 'add' as const,
  rule: { priority, match, actions },
});
const gbps = (xs: Array<{ port: LoadPort; lo: number; hi: number }>) =>
  Object.fromEntries(
    xs.map((u) => [u.port.name, [+(u.lo / G).toFixed(2), +(u.hi / G).toFixed(2)]]),
  );

// port 1 receives 10G: web and dns only take port 1's (5.7 + 0.6), 'both' takes ports 1 and 2
// (1.0 in all), 'ssh' any port's (0.5 in all)
const web = rule('web', 1000, { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:10'], 5.7 * G);
const dns = rule('dns', 1000, { in_port: '1', udp: '', udp_dst: '53' }, ['output:10'], 0.6 * G);
const both = rule('both', 900, { in_port: '1-2', icmp: '' }, ['output:11'], 1 * G);
const ssh = rule('ssh', 800, { tcp: '', tcp_dst: '22' }, ['output:11'], 0.5 * G);
const RULES = [web, dns, both, ssh];

describe('unmatchedByPort: traffic no rule matches, from rx and the rule rates', () => {
  it('U subtracts the rules that only take this port, L every rule that may take it', () => {
    const u = unmatchedByPort(RULES, [
      port(1, 10 * G),
      port(2, 3 * G),
      port(3, null),
      port(4, undefined),
    ]);
    // U(1) = 10 − 6.3; L(1) = 10 − 6.3 − 1 − 0.5; U(2) = 3 (no rule takes only port 2), L(2) = 3 − 1.5
    expect(gbps([...u.values()])).toEqual({ 'eth-0-1': [2.2, 3.7], 'eth-0-2': [1.5, 3] });
  });

  it('L is 0 where a rule that may take the port has no rate; U never goes below 0', () => {
    const nA = rule('n/a', 700, { in_port: '2' }, ['output:11'], null);
    const u = unmatchedByPort([...RULES, nA], [port(1, 10 * G), port(2, 3 * G), port(5, 0.1 * G)]);
    expect(gbps([...u.values()])).toEqual({
      'eth-0-1': [2.2, 3.7],
      'eth-0-2': [0, 3],
      'eth-0-5': [0, 0.1],
    });
    const unreadable = {
      ...rule('x', 1, { in_port: '5' }, [], 1 * G),
      malformed: 'match: bad value',
    };
    const v = unmatchedByPort([unreadable], [port(5, 0.4 * G)]);
    // a malformed rule's ports are unknown: it may take any port's traffic
    expect(gbps([...v.values()])).toEqual({ 'eth-0-5': [0, 0.4] });
    expect(gbps([...unmatchedByPort([web], [port(1, 5 * G)]).values()])).toEqual({
      'eth-0-1': [0, 0],
    });
  });
});

describe('ruleImpact: traffic no rule matches today', () => {
  it('a rule matching only in_port takes all of it: the issue’s 58G on eth-0-19 into a 10G port', () => {
    const ports = [port(19, 58 * G), port(16, 0)];
    const a = ruleImpact(add({ in_port: '19' }), ctx(RULES, ports));
    expect(a.full).toEqual([]);
    expect(a.partial).toEqual([ssh]); // ssh names no in_port, at a lower priority: a maybe
    // ssh may take some of port 19's traffic too: L(19) = 58 − 0.5
    expect(gbps(a.unmatched)).toEqual({ 'eth-0-19': [57.5, 58] });
    expect([a.unmatchedLo / G, a.unmatchedHi / G]).toEqual([57.5, 58]);
    const p16 = a.ports.find((p) => p.port.no === 16)!;
    expect(p16.over).toBe(true);
    // 57.5..58 of the unmatched traffic, plus up to ssh's 0.5 (it moves from eth-0-11)
    expect(portImpactText(p16)).toBe('eth-0-16: 0.0 → 57.5–58.5 Gbit/s of 10G: oversubscribed');
    // the simulator's case: no rule names port 19 or no port, so all 58G go to eth-0-16
    const only = ruleImpact(add({ in_port: '19' }), ctx([web, dns, both], ports));
    expect(gbps(only.unmatched)).toEqual({ 'eth-0-19': [58, 58] });
    expect(only.ports.map(portImpactText)).toEqual([
      'eth-0-16: 0.0 → 58.0 Gbit/s of 10G: oversubscribed',
    ]);
  });

  it('a rule with more fields than in_port takes 0..U; no in_port covers every measured port', () => {
    const ports = [port(1, 10 * G), port(2, 3 * G), port(16, 0)];
    const a = ruleImpact(add({ in_port: '1', tcp: '' }), ctx(RULES, ports));
    expect(gbps(a.unmatched)).toEqual({ 'eth-0-1': [0, 3.7] });
    const b = ruleImpact(add({}), ctx(RULES, ports));
    expect(gbps(b.unmatched)).toEqual({ 'eth-0-1': [2.2, 3.7], 'eth-0-2': [1.5, 3] });
    // all of it goes to port 16, and all 7.8 of the rules the catch-all covers
    const p16 = b.ports.find((p) => p.port.no === 16)!;
    expect([p16.deltaLo / G, p16.deltaHi / G].map((x) => +x.toFixed(2))).toEqual(
      [3.7 + 7.8, 6.7 + 7.8].map((x) => +x.toFixed(2)),
    );
  });

  it('says nothing where rx is not measured (a plan, or before two samples), nor for a modify or a rule that drops', () => {
    const noRx = [port(19, undefined), port(16, 0)];
    const a = ruleImpact(add({ in_port: '19' }), ctx([web], noRx));
    expect(a.unmatched).toEqual([]);
    expect(a.ports).toEqual([]);
    const b = ruleImpact(add({ in_port: '19' }), ctx(RULES, [port(19, null), port(16, 0)]));
    expect(b.unmatched).toEqual([]);
    const ports = [port(1, 10 * G), port(10, 0)];
    const m = ruleImpact(
      { kind: 'modify', target: web, rule: { ...web, actions: ['output:16'] } },
      ctx(RULES, ports),
    );
    expect(m.unmatched).toEqual([]);
    // a drop rule takes it, but sends it nowhere: no port changes for it
    const d = ruleImpact(add({ in_port: '19' }, ['drop']), ctx([], [port(19, 58 * G)]));
    expect(gbps(d.unmatched)).toEqual({ 'eth-0-19': [58, 58] });
    expect(d.ports).toEqual([]);
  });

  it('a replace: the new rule takes the unmatched traffic of its ports too', () => {
    const ports = [port(1, 10 * G), port(2, 3 * G), port(16, 0)];
    const r = ruleImpact(
      {
        kind: 'replace',
        target: both,
        rule: { priority: 900, match: { in_port: '2' }, actions: ['output:16'] },
      },
      ctx(RULES, ports),
    );
    // L(2) and U(2) are today's: 'both' still counts among the rules that may take port 2's
    expect(gbps(r.unmatched)).toEqual({ 'eth-0-2': [1.5, 3] });
  });
});
