import { describe, expect, it } from 'vitest';
import type { Group, GroupHash } from '../model/index.js';
import { selectHash } from './forward.js';
import { packetWords, parsePacket } from './packet.js';
import { type TracePort, type TraceRule, trace } from './trace.js';

let cookie = 0n;
const rule = (
  priority: number,
  match: Record<string, string>,
  actions: string,
  name = `r${cookie + 1n}`,
): TraceRule => ({
  cookie: ++cookie,
  priority,
  name,
  match,
  actions: actions.split(','),
});

const PORTS: TracePort[] = Array.from({ length: 12 }, (_, i) => ({
  no: i + 1,
  name: `eth-0-${i + 1}`,
  up: i + 1 !== 7 && i + 1 !== 5,
}));
const HASH: GroupHash = {
  macsa: false,
  macda: false,
  ethertype: false,
  ipsa: true,
  ipda: true,
  ip_protocol: false,
  src_port: false,
  dst_port: false,
};

function packet(text: string) {
  const p = parsePacket(packetWords(text.split(' ')));
  if (!p.flow) throw new Error(JSON.stringify(p.issues));
  return p.flow;
}

const run = (text: string, rules: TraceRule[], groups: Group[] = []) =>
  trace(packet(text), { rules, groups, ports: PORTS, hash: HASH });

const names = (t: ReturnType<typeof run>) => ({
  rule: t.rule?.name ?? null,
  passed: t.passed.map((p) => `${p.rule.name}:${p.field}`),
  outputs: t.outputs.map((o) => o.name),
  verdict: t.verdict,
});

const WEB = 'in_port=3 tcp nw_src=10.1.2.3 nw_dst=10.9.9.9 tcp_src=5555 tcp_dst=443';

describe('trace: which rule wins', () => {
  it('the highest priority that matches wins; the higher ones that do not are passed over with their first failing field', () => {
    const rules = [
      rule(100, { in_port: '3' }, 'output:9', 'low'),
      rule(3000, { tcp: '', tcp_dst: '22' }, 'drop', 'ssh-drop'),
      rule(2000, { in_port: '4', tcp: '' }, 'output:10', 'other-port'),
      rule(2500, { udp: '', udp_dst: '53' }, 'output:11', 'dns'),
      rule(1500, { in_port: '3', tcp: '' }, 'output:8', 'web'),
    ];
    expect(names(run(WEB, rules))).toEqual({
      rule: 'web',
      passed: ['ssh-drop:tcp_dst', 'dns:udp', 'other-port:in_port'],
      outputs: ['eth-0-8'],
      verdict: 'forwarded',
    });
  });

  it('among equal priorities the rule listed (installed) first wins, and the later one is not passed over', () => {
    const a = rule(1000, { in_port: '3' }, 'output:8', 'a');
    const b = rule(1000, { tcp: '' }, 'output:9', 'b');
    expect(names(run(WEB, [a, b]))).toMatchObject({ rule: 'a', passed: [], outputs: ['eth-0-8'] });
    expect(names(run(WEB, [b, a]))).toMatchObject({ rule: 'b', passed: [], outputs: ['eth-0-9'] });
    const c = rule(1000, { udp: '' }, 'output:10', 'c');
    expect(names(run(WEB, [c, b, a]))).toMatchObject({ rule: 'b', passed: ['c:udp'] });
  });

  it('in_port lists and ranges (1,5-7): a listed port or one inside the range', () => {
    const r = [rule(10, { in_port: '1,5-7' }, 'output:9', 'list')];
    expect(run('in_port=6', r).rule?.name).toBe('list');
    expect(run('in_port=1', r).rule?.name).toBe('list');
    expect(names(run('in_port=4', r))).toMatchObject({ rule: null, passed: ['list:in_port'] });
  });

  it('IPv4 prefixes and masks; L4 ranges', () => {
    const r = [
      rule(30, { ip: '', nw_src: '10.1.3.0/255.255.255.0' }, 'output:1', 'mask'),
      rule(20, { ip: '', nw_src: '10.1.2.0/24' }, 'output:2', 'prefix'),
      rule(10, { tcp: '', tcp_dst: '400-500' }, 'output:3', 'range'),
    ];
    expect(names(run(WEB, r))).toMatchObject({ rule: 'prefix', passed: ['mask:nw_src'] });
    const other = WEB.replace('nw_src=10.1.2.3', 'nw_src=10.1.9.3');
    expect(names(run(other, r))).toMatchObject({
      rule: 'range',
      passed: ['mask:nw_src', 'prefix:nw_src'],
    });
  });

  it('VLAN: dl_vlan matches that tag; the vendor vlan=match any tag, vlan=neg_match untagged only', () => {
    const r = [
      rule(30, { dl_vlan: '100' }, 'output:1', 'v100'),
      rule(20, { vlan: 'neg_match' }, 'output:2', 'untagged'),
      rule(10, { vlan: 'match' }, 'output:3', 'tagged'),
    ];
    expect(run('in_port=3 dl_vlan=100', r).rule?.name).toBe('v100');
    expect(names(run('in_port=3 dl_vlan=200', r))).toMatchObject({
      rule: 'tagged',
      passed: ['v100:dl_vlan', 'untagged:vlan'],
    });
    expect(names(run('in_port=3', r))).toMatchObject({
      rule: 'untagged',
      passed: ['v100:dl_vlan'],
    });
  });

  it('no rule matches: unmatched, every rule passed over, and the reason says the device drops it', () => {
    const r = [rule(10, { in_port: '4' }, 'output:1', 'x'), rule(5, { udp: '' }, 'output:1', 'y')];
    const t = run(WEB, r);
    expect(names(t)).toEqual({
      rule: null,
      passed: ['x:in_port', 'y:udp'],
      outputs: [],
      verdict: 'unmatched',
    });
    expect(t.reason).toBe('no rule matches: the device drops it');
  });

  it('passedFirst(n) explains the first n rules passed over, as passed does, without the rest', () => {
    const bad = { ...rule(900, { in_port: '3' }, 'output:1', 'bad'), malformed: 'no priority' };
    const r = [
      rule(1000, { in_port: '4' }, 'output:1', 'a'),
      bad,
      rule(800, { udp: '' }, 'output:1', 'b'),
      rule(700, { tcp: '', tcp_dst: '22' }, 'output:1', 'c'),
      rule(600, { in_port: '3', tcp: '' }, 'output:2', 'win'),
    ];
    const t = run(WEB, r);
    const shown = (n: number) => t.passedFirst(n).map((p) => `${p.rule.name}:${p.field}`);
    expect(t.passedCount).toBe(3);
    expect(shown(2)).toEqual(['a:in_port', 'b:udp']);
    expect(shown(0)).toEqual([]);
    expect(shown(10)).toEqual(['a:in_port', 'b:udp', 'c:tcp_dst']);
    expect(shown(10)).toEqual(names(t).passed);
  });

  it('malformed rules are left out and counted', () => {
    const bad = { ...rule(-1, { in_port: '3' }, 'output:1', 'bad'), malformed: 'priority missing' };
    const t = run(WEB, [bad, rule(1, { in_port: '3' }, 'output:2', 'ok')]);
    expect(t.rule?.name).toBe('ok');
    expect(t.skipped).toBe(1);
  });
});

describe('trace: what happens to it', () => {
  it('a drop action drops it and says so', () => {
    const t = run(WEB, [rule(10, { tcp: '' }, 'drop', 'stop')]);
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toBe("drop action of 'stop'");
  });

  it('an output port that is down loses its copy: dropped when it was the only one', () => {
    const only = run(WEB, [rule(10, { tcp: '' }, 'output:7', 'to-7')]);
    expect(only).toMatchObject({ verdict: 'dropped', reason: 'output port down: eth-0-7' });
    expect(only.lost.map((o) => o.name)).toEqual(['eth-0-7']);
    const some = run(WEB, [rule(10, { tcp: '' }, 'output:7,output:9', 'to-7-9')]);
    expect(names(some)).toMatchObject({ verdict: 'forwarded', outputs: ['eth-0-9'] });
    expect(some.reason).toBe('output port down: eth-0-7 (its copy is lost)');
  });

  it('group all: every bucket', () => {
    const g: Group = {
      group_id: 1,
      type: 'all',
      description: '',
      buckets: [
        { watch_port: '', actions: ['output:9'] },
        { watch_port: '', actions: ['output:10'] },
      ],
    };
    const t = run(WEB, [rule(10, {}, 'group:1')], [g]);
    expect(t.outputs.map((o) => o.name)).toEqual(['eth-0-9', 'eth-0-10']);
    expect(t.groups).toEqual([{ id: 1, type: 'all', bucket: null, text: 'all buckets (1, 2)' }]);
  });

  it('group select: one of the live buckets by the hash of the enabled fields', () => {
    const g: Group = {
      group_id: 2,
      type: 'select',
      description: '',
      buckets: [
        { watch_port: '', actions: ['output:9'] },
        { watch_port: '5', actions: ['output:10'] },
        { watch_port: '', actions: ['output:11'] },
        { watch_port: '3', actions: ['output:12'] },
      ],
    };
    const t = run(WEB, [rule(10, {}, 'group:2')], [g]);
    const live = [0, 2, 3];
    const k = live[selectHash(packet(WEB), ['ipsa', 'ipda']) % 3]!;
    expect(t.groups[0]).toEqual({
      id: 2,
      type: 'select',
      bucket: k + 1,
      text: `one of buckets 1, 3, 4 by hash of ipsa, ipda → bucket ${k + 1}`,
    });
    expect(t.outputs.map((o) => o.name)).toEqual([`eth-0-${9 + k}`]);
    // another source address may land elsewhere, always on a live bucket
    const seen = new Set<number | null>();
    for (let i = 1; i < 40; i++)
      seen.add(
        run(WEB.replace('10.1.2.3', `10.1.2.${i}`), [rule(10, {}, 'group:2')], [g]).groups[0]!
          .bucket,
      );
    expect([...seen].sort()).toEqual([1, 3, 4]);
  });

  it('group ff: the first bucket whose watch port is up', () => {
    const g: Group = {
      group_id: 3,
      type: 'ff',
      description: '',
      buckets: [
        { watch_port: '7', actions: ['output:7'] },
        { watch_port: '9', actions: ['output:9'] },
      ],
    };
    const t = run(WEB, [rule(10, {}, 'group:3')], [g]);
    expect(t.groups).toEqual([
      {
        id: 3,
        type: 'ff',
        bucket: 2,
        text: 'bucket 2, watch port eth-0-9 up (bucket 1: eth-0-7 down)',
      },
    ]);
    expect(t.outputs.map((o) => o.name)).toEqual(['eth-0-9']);
    const dead: Group = { ...g, buckets: [g.buckets[0]!] };
    const d = run(WEB, [rule(10, {}, 'group:3')], [dead]);
    expect(d).toMatchObject({
      verdict: 'dropped',
      reason: 'output port down: no live bucket in its group',
    });
    expect(d.groups[0]!.bucket).toBeNull();
  });

  it('a group that does not exist forwards nothing', () => {
    const t = run(WEB, [rule(10, {}, 'group:9', 'ghost')]);
    expect(t).toMatchObject({
      verdict: 'dropped',
      reason: "'ghost' sends it to a group that does not exist",
    });
    expect(t.groups).toEqual([
      { id: 9, type: 'missing', bucket: null, text: 'group 9 does not exist' },
    ]);
  });
});

describe('parsePacket', () => {
  const issues = (text: string) => parsePacket(packetWords(text.split(' '))).issues;

  it('fills in what the fields imply: tcp_dst → TCP over IPv4, ipv6_src → IPv6, mpls_label → MPLS', () => {
    expect(packet('in_port=3 tcp_dst=443')).toMatchObject({
      dl_type: 0x0800,
      nw_proto: 6,
      tp_dst: 443,
    });
    expect(packet('in_port=3 ipv6_src=2001:db8::1 udp_dst=53')).toMatchObject({
      dl_type: 0x86dd,
      nw_proto: 17,
      nw_src: '2001:db8::1',
    });
    expect(packet('in_port=3 mpls_label=16')).toMatchObject({ dl_type: 0x8847, mpls_label: 16 });
    expect(packet('in_port=3 protocol=udp dl_vlan=100')).toMatchObject({
      nw_proto: 17,
      vlan: 100,
      vlan_pcp: 0,
    });
  });

  it('names the field that is wrong', () => {
    expect(issues('tcp')[0]!.field).toBe('in_port');
    expect(issues('in_port=3 tcp_dst=99999')[0]).toEqual({
      field: 'tcp_dst',
      message: "tcp_dst must be a port 0..65535, got '99999'",
    });
    expect(issues('in_port=3 udp tcp_dst=1')[0]).toEqual({
      field: 'tcp_dst',
      message: 'tcp_dst contradicts udp',
    });
    expect(issues('in_port=3 nw_src=10.1.2.0/24')[0]!.field).toBe('nw_src');
    expect(issues('in_port=3 bogus=1')[0]).toEqual({
      field: 'bogus',
      message: "unknown field 'bogus'",
    });
    expect(issues('in_port=3 tcp tcp')[0]!.message).toBe('tcp is given twice');
    expect(issues('in_port=eth-0-3')[0]!.field).toBe('in_port');
    expect(
      parsePacket(packetWords(['in_port=eth-0-3']), new Map([['eth-0-3', 3]])).flow?.in_port,
    ).toBe(3);
  });
});
