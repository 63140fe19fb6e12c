/**
 * The vendor's own dialect over real HTTP (issue 15): the match fields, actions and in_port
 * forms the vendor's web UI and utility scripts send, in form and JSON bodies, written then
 * read back in the form they were written; bad values refused with the field named; TCAM
 * cost; hard and idle timeouts that remove the rule and say so in the log.
 */
import { describe, expect, it } from 'vitest';
import {
  expectError,
  expectOk,
  expectRejected,
  findRule,
  rules,
  simPerTest,
  sleep,
  type Wire,
} from './helpers.js';

const t = simPerTest();

interface VendorRule {
  what: string;
  priority: number;
  match: Record<string, string>;
  actions: string;
  flows?: number;
}

/** Requests as the vendor's scripts write them (their documented behaviour, issue 15). */
const VENDOR: VendorRule[] = [
  {
    what: 'mass provisioning: protocol ip, source /24, bare output port',
    priority: 1000,
    match: { in_port: '1', protocol: 'ip', nw_src: '10.0.0.0/24' },
    actions: '3',
  },
  {
    what: 'TCAM mask test: destination with a dotted mask',
    priority: 1001,
    match: { protocol: 'ip', nw_dst: '192.168.0.0/255.255.0.0' },
    actions: 'output:2',
  },
  {
    what: 'IP blacklist loader: one source address dropped',
    priority: 1002,
    match: { protocol: 'ip', nw_src: '203.0.113.7' },
    actions: 'drop',
  },
  {
    what: 'timed SMB drop: tcp 445 with a hard timeout',
    priority: 1003,
    match: { protocol: 'tcp', tcp_dst: '445', extra: 'hard_timeout=3600' },
    actions: 'drop',
  },
  {
    what: 'ICMP flood guard: echo requests',
    priority: 1004,
    match: { protocol: 'icmp', icmp_type: '8', icmp_code: '0' },
    actions: 'drop',
  },
  {
    what: 'IP detector: custom protocol with dl_type hex and nw_proto, two bare ports',
    priority: 1005,
    match: { protocol: 'custom', dl_type: '0x0800', nw_proto: '17', nw_src: '198.51.100.0/24' },
    actions: '3,4',
  },
  {
    what: 'udp source port, older match_extra idle timeout',
    priority: 1006,
    match: { protocol: 'udp', udp_src: '53', match_extra: 'idle_timeout=300' },
    actions: 'output:5',
  },
  {
    what: 'sctp destination, both timeouts',
    priority: 1007,
    match: { protocol: 'sctp', sctp_dst: '2905', extra: 'hard_timeout=60 idle_timeout=30' },
    actions: '6',
  },
  {
    what: 'arp with a target address',
    priority: 1008,
    match: { protocol: 'arp', nw_dst: '10.0.0.1' },
    actions: '2',
  },
  {
    what: 'tcp source port, protocol in capitals',
    priority: 1009,
    match: { protocol: 'TCP', tcp_src: '22' },
    actions: 'output:7',
  },
  {
    what: 'VLAN 100 priority 3 on a port range (6 ports = 6 entries)',
    priority: 1010,
    match: { in_port: '5-10', vlan: 'match', vlan_id: '100', vlan_priority: '3' },
    actions: '2',
    flows: 6,
  },
  {
    what: 'untagged traffic only from a port list',
    priority: 1011,
    match: { in_port: '1,2,5', vlan: 'neg_match' },
    actions: 'output:9',
    flows: 3,
  },
  {
    what: 'any VLAN (vlan_id 4096)',
    priority: 1012,
    match: { vlan: 'match', vlan_id: '4096' },
    actions: '2',
  },
  {
    what: 'ports list and range mixed',
    priority: 1013,
    match: { in_port: '1,3-4', protocol: 'tcp', tcp_dst: '80' },
    actions: '2,3',
    flows: 3,
  },
];

describe('the vendor dialect: every request of the vendor-style table succeeds', () => {
  for (const body of ['form', 'json'] as const) {
    it(`as a ${body} body, and reads back as written`, async () => {
      for (const r of VENDOR) {
        const req = { priority: r.priority, match: r.match, actions: r.actions, name: r.what };
        const res = await t.call('POST', '/rules', body === 'form' ? { form: req } : { json: req });
        expect(res.status, `${r.what}: ${res.text}`).toBe(200);
      }
      const list = await rules(t);
      for (const r of VENDOR) {
        const got = findRule(list, r.priority, r.match);
        expect(got, r.what).toBeDefined();
        expect(got?.match, r.what).toEqual(r.match);
        expect(got?.actions, r.what).toBe(r.actions);
        expect(got?.real_flow_ct, r.what).toBe(r.flows ?? 1);
      }
    });
  }

  it('a JSON body with numbers reads back as the device writes values: strings', async () => {
    expectOk(
      await t.call('POST', '/rules', {
        json: {
          priority: 5,
          match: { vlan: 'match', vlan_id: 100, vlan_priority: 7, protocol: 'udp', udp_dst: 53 },
          actions: 3,
        },
      }),
    );
    const got = findRule(await rules(t), 5, {
      vlan: 'match',
      vlan_id: '100',
      vlan_priority: '7',
      protocol: 'udp',
      udp_dst: '53',
    });
    expect(got?.actions).toBe('3');
  });

  it('a rule written in the dialect is modified and deleted by the match it was written with', async () => {
    const match = { protocol: 'tcp', tcp_dst: '445', in_port: '5-6' };
    expectOk(await t.call('POST', '/rules', { form: { priority: 9, match, actions: '2' } }));
    expectOk(await t.call('PUT', '/rules', { form: { priority: 9, match, actions: '3,4' } }));
    expect(findRule(await rules(t), 9, match)?.actions).toBe('3,4');
    expectOk(await t.call('DELETE', '/rules', { query: { priority: 9, match } }));
    expect(findRule(await rules(t), 9, match)).toBeUndefined();
  });

  it('/flownumbers counts the dialect as the device does (in_port range = one entry per port)', async () => {
    const before = (await t.get('/flownumbers')).body.used_flows as number;
    expectOk(
      await t.call('POST', '/rules', {
        form: { priority: 9, match: { in_port: '1-4', protocol: 'ip' }, actions: '9' },
      }),
    );
    expect((await t.get('/flownumbers')).body.used_flows).toBe(before + 4);
  });
});

describe('the vendor dialect: a bad value is refused with the field named', () => {
  const BAD: [string, Record<string, string>, string, RegExp][] = [
    ['protocol', { protocol: 'tcpx' }, '2', /protocol must be one of ip, tcp/],
    ['vlan', { vlan: 'maybe' }, '2', /vlan must be match or neg_match/],
    ['vlan_id range', { vlan: 'match', vlan_id: '4097' }, '2', /vlan_id must be 0\.\.4096/],
    [
      'vlan_priority range',
      { vlan: 'match', vlan_priority: '8' },
      '2',
      /^vlan_priority must be 0\.\.7/,
    ],
    ['vlan_id without vlan', { vlan_id: '100' }, '2', /vlan_id needs match\[vlan\]=match/],
    ['vlan_id untagged', { vlan: 'neg_match', vlan_id: '1' }, '2', /vlan_id needs/],
    ['hard_timeout', { extra: 'hard_timeout=70000' }, '2', /hard_timeout must be 0\.\.65535/],
    ['extra junk', { extra: 'cookie=5' }, '2', /extra: unknown setting 'cookie=5'/],
    ['idle_timeout', { match_extra: 'idle_timeout=x' }, '2', /match_extra: idle_timeout/],
    ['nw_src mask', { protocol: 'ip', nw_src: '10.0.0.0/255.0.255.0' }, '2', /^nw_src: /],
    [
      'nw_src with protocol custom but no dl_type',
      { protocol: 'custom', nw_src: '10.0.0.1' },
      '2',
      /^nw_src needs dl_type=0x0800/,
    ],
    [
      'tcp_dst with udp',
      { protocol: 'udp', tcp_dst: '80' },
      '2',
      /^tcp_dst needs protocol=tcp \(the rule has protocol=udp\)$/,
    ],
    ['tcp_dst range', { protocol: 'tcp', tcp_dst: '99999' }, '2', /^tcp_dst: /],
    ['in_port range', { in_port: '10-5' }, '2', /in_port must be port numbers or ranges/],
    ['in_port range partly absent', { in_port: '1,95-99' }, '2', /^in_port 95 does not exist/],
    [
      'icmp_type without icmp',
      { protocol: 'tcp', icmp_type: '8' },
      '2',
      /^icmp_type needs protocol=icmp \(the rule has protocol=tcp\)$/,
    ],
    ['bare port unknown', { protocol: 'ip' }, '3,99', /output port 99 does not exist/],
    ['dl_type hex', { protocol: 'custom', dl_type: '0x1ffff' }, '2', /^dl_type must be 0\.\.65535/],
  ];
  for (const [what, match, actions, pattern] of BAD) {
    it(what, async () => {
      const res = await expectRejected(
        t,
        () => t.call('POST', '/rules', { form: { priority: 7, match, actions } }),
        400,
        pattern,
      );
      expectError(res, 400, pattern);
    });
  }
});

async function waitFor(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

const logs = async (): Promise<string[]> => (await t.get('/weblog')).body.logs;

describe('timeouts in match[extra]', () => {
  it('hard_timeout removes the rule after N seconds and the log says so', async () => {
    const match = { in_port: '1', extra: 'hard_timeout=1' };
    expectOk(
      await t.call('POST', '/rules', {
        form: { priority: 50, match, actions: '2', name: 'brief' },
      }),
    );
    expect(findRule(await rules(t), 50, match)).toBeDefined();
    expect(await waitFor(async () => !findRule(await rules(t), 50, match))).toBe(true);
    expect(
      (await logs()).some((l) =>
        l.includes("rule 'brief' (priority 50) removed: hard_timeout 1 s"),
      ),
    ).toBe(true);
  });

  it('idle_timeout removes a rule whose counter does not move, and keeps one that matches traffic', async () => {
    const ports: Wire[] = (await t.get('/ports/info')).body.result.map((p: Wire) => p.properties);
    // a port no factory rule takes (they take ports 1-4), so 'busy' wins its traffic
    const up = ports.find((p) => p.link_status === 'LINK_UP' && Number(p.port_no) > 4);
    expect(up).toBeDefined();
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-1', shutdown: true } }),
    );
    const idle = { in_port: '1', extra: 'idle_timeout=1' };
    const busy = { in_port: String(up.port_no), extra: 'idle_timeout=1' };
    expectOk(
      await t.call('POST', '/rules', {
        form: { priority: 60, match: idle, actions: '2', name: 'quiet' },
      }),
    );
    expectOk(
      await t.call('POST', '/rules', {
        form: { priority: 60, match: busy, actions: '2', name: 'busy' },
      }),
    );
    expect(await waitFor(async () => !findRule(await rules(t), 60, idle))).toBe(true);
    expect(findRule(await rules(t), 60, busy)).toBeDefined();
    expect(
      (await logs()).some((l) =>
        l.includes("rule 'quiet' (priority 60) removed: idle_timeout 1 s"),
      ),
    ).toBe(true);
  });
});
