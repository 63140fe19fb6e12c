/**
 * Traffic follows the rules, over HTTP (issue 16): a port sends what the rules forward to it,
 * a drop rule stops it and counts it, an oversubscribed port drops the excess, and
 * /_sim/flows adds, lists and removes flows. The clock is the test's: each step is a counter
 * step the test chooses, no sleeping.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortCounter } from '../../src/model/types.js';
import { addRule, expectOk, findRule, rules, simPerTest, type Wire } from './helpers.js';

type Counters = Record<PortCounter, bigint>;

const t = simPerTest();
let clock = 0;

beforeEach(async () => {
  clock = Date.UTC(2025, 5, 2, 8, 0);
  await t.restart({ now: () => clock });
});

async function stats(): Promise<Map<string, Counters>> {
  const res = await t.get('/ports/stats');
  expectOk(res);
  return new Map(
    res.body.map((s: Wire) => [
      String(s.portnum),
      Object.fromEntries(Object.entries(s).map(([k, v]) => [k, BigInt(v as number)])) as Counters,
    ]),
  );
}

/** Counter deltas per port over `ms` of the test's clock. */
async function over(ms: number): Promise<Map<string, Counters>> {
  const a = await stats();
  clock += ms;
  const b = await stats();
  const out = new Map<string, Counters>();
  for (const [port, s] of b) {
    const before = a.get(port)!;
    const d = Object.entries(s).map(([k, v]) => [k, v - before[k as PortCounter]]);
    out.set(port, Object.fromEntries(d) as Counters);
  }
  return out;
}

const ratio = (a: bigint, b: bigint) => Number(a) / Number(b);

describe('ports send what the rules forward', () => {
  it('DELETE /rules/all: every port stops sending within 2 s, and all traffic is unmatched', async () => {
    const busy = await over(1000);
    expect(busy.get('9')!.txbytes).toBeGreaterThan(0n);
    expectOk(await t.call('DELETE', '/rules/all'));
    clock += 200;
    const idle = await over(1800);
    for (const [port, d] of idle) {
      expect(d.txbytes, `eth-0-${port}`).toBe(0n);
      expect(d.txpkts, `eth-0-${port}`).toBe(0n);
    }
    const status = (await t.control('/_sim/status')).body;
    expect(status.unmatched_bps).toBeGreaterThan(1e9);
  });

  it('in_port=5 → output:9 makes eth-0-9 send what eth-0-5 receives; a higher drop stops it and counts', async () => {
    expectOk(await t.call('DELETE', '/rules/all'));
    await addRule(t, { priority: 100, match: { in_port: '5' }, actions: 'output:9' });
    clock += 100;
    const d = await over(10_000);
    const rx5 = d.get('5')!.rxbytes;
    expect(rx5).toBeGreaterThan(0n);
    expect(ratio(d.get('9')!.txbytes, rx5)).toBeCloseTo(1, 3);
    expect(ratio(d.get('9')!.txpkts, d.get('5')!.rxpkts)).toBeCloseTo(1, 2);

    await addRule(t, { priority: 200, match: { in_port: '5' }, actions: 'drop', name: 'stop' });
    clock += 100;
    const before = findRule(await rules(t), 200, { in_port: '5' })!;
    const dropped = await over(5000);
    expect(dropped.get('9')!.txbytes).toBe(0n);
    const after = findRule(await rules(t), 200, { in_port: '5' })!;
    const counted = BigInt(after.n_bytes) - BigInt(before.n_bytes);
    expect(ratio(counted, dropped.get('5')!.rxbytes)).toBeCloseTo(1, 2);
    // the lower-priority output rule matches nothing any more
    const out = findRule(await rules(t), 100, { in_port: '5' })!;
    expect(out.datarate_raw).toBe(0);
  });

  it('two fast inputs to one 10G port: tx stays at line rate and the excess is dropped', async () => {
    expectOk(await t.call('DELETE', '/rules/all'));
    // eth-0-19 (100G) and eth-0-18 (40G) to eth-0-14 (10G)
    await addRule(t, { priority: 100, match: { in_port: '18,19' }, actions: 'output:14' });
    clock += 100;
    const d = await over(10_000);
    const tx = d.get('14')!;
    const sentBps = (Number(tx.txbytes) * 8) / 10;
    expect(sentBps).toBeLessThanOrEqual(10e9 * 1.0001);
    expect(sentBps).toBeGreaterThan(9.9e9);
    const offered = d.get('18')!.rxpkts + d.get('19')!.rxpkts;
    expect(tx.txdrop).toBeGreaterThan(0n);
    expect(ratio(tx.txpkts + tx.txdrop, offered)).toBeCloseTo(1, 2);
  });

  it('output to a port without link is lost: it counts in that port tx drops', async () => {
    expectOk(await t.call('DELETE', '/rules/all'));
    await addRule(t, { priority: 100, match: { in_port: '1' }, actions: 'output:7' });
    clock += 100;
    const d = await over(5000);
    expect(d.get('7')!.txbytes).toBe(0n);
    expect(ratio(d.get('7')!.txdrop, d.get('1')!.rxpkts)).toBeCloseTo(1, 2);
  });
});

describe('reboot', () => {
  it('in permanent rules mode a rule keeps its counters across a reboot and goes on counting', async () => {
    expectOk(await t.call('POST', '/device/permanentrulesmode', { query: { state: 'true' } }));
    await addRule(t, { priority: 3000, match: { in_port: '8' }, actions: 'output:9' });
    clock += 5000;
    const before = BigInt(findRule(await rules(t), 3000, { in_port: '8' })!.n_bytes);
    expect(before).toBeGreaterThan(0n);
    expectOk(await t.control('/_sim/reboot', { ms: 0 }));
    clock += 1000;
    const after = BigInt(findRule(await rules(t), 3000, { in_port: '8' })!.n_bytes);
    expect(after).toBeGreaterThan(before);
  });
});

describe('/_sim/flows', () => {
  const smb = {
    in_port: '3',
    protocol: 'tcp',
    nw_src: '198.51.100.7',
    nw_dst: '10.0.0.9',
    src_port: 40000,
    dst_port: 445,
    bps: 4_000_000_000,
  };

  it('adds a flow that raises its port rx, follows the rules, is listed with its rule, and goes', async () => {
    await addRule(t, {
      priority: 3000,
      match: { in_port: '3', tcp: '', tcp_dst: '445' },
      actions: 'output:16',
      name: 'smb',
    });
    const cookie = String(
      findRule(await rules(t), 3000, { in_port: '3', tcp: '', tcp_dst: '445' })!.cookie,
    );
    const quiet = await over(1000);
    const added = await t.control('/_sim/flows', smb);
    expectOk(added);
    expect(typeof added.body.id).toBe('number');
    clock += 100;
    const loud = await over(1000);
    const rise = Number(loud.get('3')!.rxbytes - quiet.get('3')!.rxbytes) * 8;
    expect(rise / 4e9).toBeCloseTo(1, 1);
    expect((Number(loud.get('16')!.txbytes - quiet.get('16')!.txbytes) * 8) / 4e9).toBeCloseTo(
      1,
      1,
    );

    const listed = await t.control(`/_sim/flows?rule=${cookie}&limit=5000`, undefined, 'GET');
    expectOk(listed);
    const mine = listed.body.flows.find((f: Wire) => f.id === added.body.id);
    expect(mine).toMatchObject({
      in_port: '3',
      protocol: 'tcp',
      nw_src: '198.51.100.7',
      nw_dst: '10.0.0.9',
      src_port: 40000,
      dst_port: 445,
      bps: 4_000_000_000,
      rule: cookie,
      outputs: ['eth-0-16'],
    });
    for (const f of listed.body.flows) expect(f.rule).toBe(cookie);
    const onPort = await t.control('/_sim/flows?in_port=3&limit=100000', undefined, 'GET');
    expect(onPort.body.flows.every((f: Wire) => f.in_port === '3')).toBe(true);
    expect(onPort.body.flows.some((f: Wire) => f.id === added.body.id)).toBe(true);

    const gone = await t.control(`/_sim/flows?id=${added.body.id}`, undefined, 'DELETE');
    expect(gone.body).toEqual({ removed: 1 });
    clock += 100;
    const after = await over(1000);
    expect(Number(after.get('16')!.txbytes) * 8).toBeLessThan(1e9);
    const again = await t.control(`/_sim/flows?id=${added.body.id}`, undefined, 'DELETE');
    expect(again.status).toBe(404);
  });

  it('DELETE without id removes every added flow', async () => {
    expectOk(await t.control('/_sim/flows', smb));
    expectOk(await t.control('/_sim/flows', { ...smb, in_port: 'eth-0-4', protocol: 'udp' }));
    const res = await t.control('/_sim/flows', undefined, 'DELETE');
    expect(res.body).toEqual({ removed: 2 });
  });

  it.each([
    [{ ...smb, in_port: '99' }, /in_port '99'/],
    [{ ...smb, protocol: 'tcpx' }, /protocol must be one of/],
    [{ ...smb, nw_src: '198.51.100.300' }, /nw_src/],
    [{ ...smb, dst_port: 70000 }, /dst_port/],
    [{ ...smb, bps: 0 }, /bps/],
    [{ ...smb, protocol: 'icmp' }, /src_port needs protocol tcp, udp or sctp/],
    [{ ...smb, colour: 'red' }, /unknown field 'colour'/],
    [{ ...smb, vlan: 5000 }, /vlan must be/],
  ])('refuses bad input with a 400 naming the field: %j', async (body, error) => {
    const res = await t.control('/_sim/flows', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(error);
  });
});
