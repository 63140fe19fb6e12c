import { describe, expect, it } from 'vitest';
import type { PortConfig, PortInfo, Rule } from '../../model/index.js';
import type { DeviceState } from './device-state.js';
import { planDesired } from './plan.js';
import type { DesiredConfig } from './types.js';

const info = (no: number): PortInfo => ({
  port_no: String(no),
  if_name: `eth-0-${no}`,
  admin_status: 'PORT_UP',
  link_status: 'PORT_UP',
  duplex: 'full',
  mac_addr: '',
  speed: '10G',
});
const config = (no: number): PortConfig => ({
  if_name: `eth-0-${no}`,
  type: 1,
  speed: 'auto',
  duplex: 'auto',
  split: 'default',
  shutdown: false,
});
const NOS = [1, 2, 3, 4, 5, 6];

const device = (over: Partial<DeviceState> = {}): DeviceState => ({
  rules: [],
  groups: [],
  ports: NOS.map(config),
  info: NOS.map(info),
  storageMode: 'simple',
  flows: { used: 10, maximum: 1000 },
  ...over,
});

const onDevice = (priority: number): Rule => ({
  priority,
  match: { in_port: '1' },
  actions: ['output:2'],
  cookie: 1n,
  name: '',
  description: '',
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: 1,
});
const v6Rule: Rule = { ...onDevice(7), match: { ipv6: '', ipv6_dst: '2001:db8::1' } };

const v6: DesiredConfig = {
  rules: [{ priority: 7, match: { ipv6: '', ipv6_dst: '2001:db8::1' }, actions: ['output:2'] }],
};

describe('the plan’s device checks', () => {
  it('an IPv6 match in simple storage mode is refused; in ipv6 mode it is planned', () => {
    const p = planDesired(v6, device());
    expect(p.errors).toEqual([
      "rule (priority 7: ipv6 ipv6_dst=2001:db8::1): IPv6 matches need rule storage mode 'ipv6' (current mode is 'simple')",
    ]);
    expect(planDesired(v6, device({ storageMode: 'ipv6' })).errors).toEqual([]);
  });

  it('in_port, output, bucket output and watch ports the device does not have', () => {
    const p = planDesired(
      {
        rules: [
          { priority: 1, match: { in_port: '1,9' }, actions: ['output:2'], name: 'in' },
          { priority: 2, match: { in_port: '1' }, actions: ['output:2,8'], name: 'out' },
          { priority: 3, match: { in_port: '1' }, actions: ['group:5'], name: 'ok' },
        ],
        groups: [
          {
            id: 5,
            type: 'ff',
            buckets: [
              { watch_port: '7', actions: ['output:3'] },
              { watch_port: '4', actions: ['output:10'] },
            ],
          },
        ],
      },
      device(),
    );
    expect(p.errors).toEqual([
      'group 5: bucket 1: watch port 7 is not a port of this device',
      'group 5: bucket 2: output port 10 does not exist on this device; the device will probably refuse it',
      "rule 'in' (priority 1: in_port=1,9): in_port 9 does not exist on this device",
      "rule 'out' (priority 2: in_port=1): output port 8 does not exist on this device; the device will probably refuse it",
    ]);
  });

  it('a group the rule sends to: the device’s when the file owns no groups', () => {
    const rules = [{ priority: 1, match: { in_port: '1' }, actions: ['group:5'] }];
    expect(planDesired({ rules }, device()).errors).toEqual([
      'rule (priority 1: in_port=1): group 5 does not exist',
    ]);
    const g = { group_id: 5, type: 'all' as const, description: '', buckets: [] };
    expect(planDesired({ rules }, device({ groups: [g] })).errors).toEqual([]);
  });

  it('only what is sent is checked: a rule already on the device is not', () => {
    const p = planDesired(v6, device({ rules: [v6Rule] }));
    expect(p.steps).toEqual([]);
    expect(p.errors).toEqual([]);
  });

  it('more TCAM flows than the maximum is refused, unless the plan frees some', () => {
    // in_port 1-6 × tcp_dst 1-65535 (16 prefixes): 96 flows a rule
    const big = (priority: number) => ({
      priority,
      match: { in_port: '1-6', tcp: '', tcp_dst: '1-65535' },
      actions: ['output:2'],
    });
    const rules = [big(1), big(2)];
    const fits = planDesired({ rules }, device({ flows: { used: 10, maximum: 1000 } }));
    expect(fits.errors).toEqual([]);
    const need = fits.flows.after;
    expect(need).toBeGreaterThan(10);
    const over = planDesired({ rules }, device({ flows: { used: 10, maximum: need - 1 } }));
    expect(over.errors).toEqual([
      `TCAM: the plan needs ${need} flows, the device's maximum is ${need - 1} (10 in use now): the device would refuse rules part-way`,
    ]);
    // already over, and the plan adds nothing: not refused (it cannot make it worse)
    expect(planDesired({ rules: [] }, device({ flows: { used: 50, maximum: 40 } })).errors).toEqual(
      [],
    );
  });

  it('a cookie another rule holds when the step sends it; one a delete or change frees first is free', () => {
    const held: Rule = { ...onDevice(1), name: 'keeper', cookie: 7n };
    const keep = { priority: 1, match: { in_port: '1' }, actions: ['output:2'], name: 'keeper' };
    const taker = {
      priority: 2,
      match: { in_port: '2' },
      actions: ['output:3'],
      name: 'taker',
      cookie: '7',
    };
    // the device keeps 'keeper' (same identity, no cookie in the file): cookie 7 stays its
    expect(planDesired({ rules: [keep, taker] }, device({ rules: [held] })).errors).toEqual([
      "rule 'taker' (priority 2: in_port=2): cookie 7 is already used by rule 'keeper' (priority 1) (the device refuses a cookie twice)",
    ]);
    // two file rules with one cookie: the second add finds it taken by the first
    const twin = { ...taker, priority: 3, name: 'twin' };
    expect(planDesired({ rules: [taker, twin] }, device()).errors).toEqual([
      "rule 'twin' (priority 3: in_port=2): cookie 7 is already used by rule 'taker' (priority 2: in_port=2) (the device refuses a cookie twice)",
    ]);
    // the file gives 'keeper' another cookie (a PUT before the add), or prunes it: free
    expect(
      planDesired({ rules: [{ ...keep, cookie: '8' }, taker] }, device({ rules: [held] })).errors,
    ).toEqual([]);
    expect(
      planDesired({ rules: [taker] }, device({ rules: [held] }), { prune: true }).errors,
    ).toEqual([]);
  });

  it('a group hash with every field off (the device keeps one selected)', () => {
    const hash = {
      macsa: true,
      macda: false,
      ethertype: false,
      ipsa: false,
      ipda: false,
      ip_protocol: false,
      src_port: false,
      dst_port: false,
    };
    expect(planDesired({ group_hash: { macsa: false } }, device({ hash })).errors).toEqual([
      'group hash: every field would be off; the device keeps at least one selected',
    ]);
    const ok = planDesired({ group_hash: { macsa: false, ipsa: true } }, device({ hash }));
    expect(ok.errors).toEqual([]);
    expect(ok.steps).toHaveLength(1);
  });

  it('without the port list, ports are not checked and a note says so', () => {
    const p = planDesired(
      { rules: [{ priority: 1, match: { in_port: '99' }, actions: ['output:98'] }] },
      device({ info: [] }),
    );
    expect(p.errors).toEqual([]);
    expect(p.notes).toContain(
      'the device did not list its ports: ports in rules and groups not checked',
    );
  });
});
