/**
 * /ports over real HTTP: configuration of the 28-port chassis, shutdown and its effect on
 * link state and counters, speed validation, xg_speed pending until reboot, info, SFP
 * status and 64-bit counters.
 */
import { describe, expect, it } from 'vitest';
import { PORT_COUNTERS as COUNTERS } from '../../src/model/types.js';
import { expectOk, expectRejected, simPerTest, TWO_53, type Wire } from './helpers.js';

const t = simPerTest();

const config = async (ifName: string) =>
  (await t.get('/ports/config')).body.port_config.find((p: Wire) => p.if_name === ifName);
const info = async (ifName: string) =>
  (await t.get('/ports/info')).body.result.find((p: Wire) => p.properties.if_name === ifName)
    .properties;
const stats = async (portNo: number) =>
  (await t.get('/ports/stats')).body.find((s: Wire) => s.portnum === String(portNo));
const setPort = (query: Record<string, unknown>) => t.call('POST', '/ports/config', { query });
const big = (v: unknown) => BigInt(v as bigint | number);

describe('GET /ports/config', () => {
  it('has 28 ports covering the types 1..11, named eth-0-N or eth-0-N/M', async () => {
    const res = await t.get('/ports/config');
    expectOk(res);
    expect(Object.keys(res.body)).toEqual(['port_config']);
    const ports = res.body.port_config as Record<string, Wire>[];
    expect(ports).toHaveLength(28);
    expect([...new Set(ports.map((p) => p.type))].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    for (const p of ports) {
      expect(p.if_name).toMatch(/^eth-0-\d+(\/\d+)?$/);
      expect(Number.isInteger(p.type)).toBe(true);
      expect(['10', '100', '1000', '10G', '40G', '100G', 'auto']).toContain(p.speed);
      expect(['full', 'half', 'auto']).toContain(p.duplex);
      expect(['break-out', 'sfp', 'default']).toContain(p.split);
      expect(typeof p.shutdown).toBe('boolean');
      if (p.media_type !== undefined) expect(['sfp', 'rj45', 'auto']).toContain(p.media_type);
      if (p.xg_speed !== undefined) {
        expect(['1G', 'XG']).toContain(p.xg_speed.currSetting);
        expect(['1G', 'XG']).toContain(p.xg_speed.nextSetting);
      }
    }
    expect(new Set(ports.map((p) => p.if_name)).size).toBe(28);
    expect(ports.some((p) => p.if_name.includes('/'))).toBe(true);
  });
});

describe('POST /ports/config', () => {
  it('shutdown=true: PORT_DOWN, LINK_DOWN, counters frozen; shutdown=false: PORT_UP again (controlled clock)', async () => {
    let clock = Date.now();
    await t.restart({ now: () => clock });
    expect(await info('eth-0-1')).toMatchObject({
      admin_status: 'PORT_UP',
      link_status: 'LINK_UP',
    });
    expectOk(await setPort({ if_name: 'eth-0-1', shutdown: true }));
    expect((await config('eth-0-1')).shutdown).toBe(true);
    expect(await info('eth-0-1')).toMatchObject({
      admin_status: 'PORT_DOWN',
      link_status: 'LINK_DOWN',
    });
    const a = await stats(1);
    const other = await stats(8); // link up, carries traffic: proof the second went by
    clock += 1000;
    const b = await stats(1);
    expect(b).toEqual(a);
    expect(big((await stats(8)).rxbytes)).toBeGreaterThan(big(other.rxbytes));
    expectOk(await setPort({ if_name: 'eth-0-1', shutdown: 'false' }));
    expect(await info('eth-0-1')).toMatchObject({
      admin_status: 'PORT_UP',
      link_status: 'LINK_UP',
    });
    clock += 600;
    const c = await stats(1);
    expect(big(c.rxbytes)).toBeGreaterThan(big(b.rxbytes));
    for (const k of COUNTERS) expect(big(c[k])).toBeGreaterThanOrEqual(big(b[k]));
  });

  it('shutdown through a JSON body with a boolean works too', async () => {
    expectOk(
      await t.call('POST', '/ports/config', { json: { if_name: 'eth-0-2', shutdown: true } }),
    );
    expect((await info('eth-0-2')).admin_status).toBe('PORT_DOWN');
  });

  it('speed 100G on an RJ45 port is a 400 naming the allowed values; state unchanged', async () => {
    const res = await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-2', speed: '100G' }),
      400,
      /100G/,
    );
    expect(res.body.error).toMatch(/allowed: 10, 100, 1000, auto/);
  });

  it('unknown port: 404; bad values and empty changes: 400; all leave the state unchanged', async () => {
    await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-99', shutdown: true }),
      404,
      /eth-0-99/,
    );
    await expectRejected(t, () => setPort({ shutdown: true }), 400, /if_name/);
    await expectRejected(t, () => setPort({ if_name: 'eth-0-1' }), 400, /nothing to change/);
    await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-1', shutdown: 'maybe' }),
      400,
      /shutdown/,
    );
    await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-1', duplex: 'quarter' }),
      400,
      /duplex/,
    );
    await expectRejected(t, () => setPort({ if_name: 'eth-0-1', xg_speed: '1G' }), 400, /xg_speed/);
    // half duplex at 1000 is impossible
    await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-1', speed: '1000', duplex: 'half' }),
      400,
      /half/,
    );
    // a valid shutdown together with an invalid speed changes nothing either
    await expectRejected(
      t,
      () => setPort({ if_name: 'eth-0-1', shutdown: true, speed: '40G' }),
      400,
    );
  });

  it('speed on an RJ45 port changes the reported speed', async () => {
    expectOk(await setPort({ if_name: 'eth-0-3', speed: '100' }));
    expect((await config('eth-0-3')).speed).toBe('100');
    expect((await info('eth-0-3')).speed).toBe('100 (100)');
  });

  it('xg_speed on a type-4 port goes to nextSetting until reboot', async () => {
    expect((await config('eth-0-12')).type).toBe(4);
    expectOk(await setPort({ if_name: 'eth-0-12', xg_speed: '1G' }));
    const cfg = await config('eth-0-12');
    expect(cfg.xg_speed).toEqual({ currSetting: 'XG', nextSetting: '1G' });
    expect((await info('eth-0-12')).speed).toMatch(/^10G /);
    expectOk(await t.control('/_sim/reboot', { ms: 0 }));
    const after = await config('eth-0-12');
    expect(after.xg_speed).toEqual({ currSetting: '1G', nextSetting: '1G' });
    expect((await info('eth-0-12')).speed).toMatch(/^1000 /);
  });

  it('xg_speed on a type-11 port applies at once', async () => {
    expect((await config('eth-0-14')).type).toBe(11);
    expectOk(await setPort({ if_name: 'eth-0-14', xg_speed: '1G' }));
    expect((await config('eth-0-14')).xg_speed).toEqual({ currSetting: '1G', nextSetting: '1G' });
    expect((await info('eth-0-14')).speed).toMatch(/^1000 /);
  });
});

describe('GET /ports/info and /ports/sfpstatus', () => {
  it('info: {result:[{properties:{…}, type:"object"}]}', async () => {
    const res = await t.get('/ports/info');
    expectOk(res);
    expect(Object.keys(res.body)).toEqual(['result']);
    expect(res.body.result).toHaveLength(28);
    for (const item of res.body.result) {
      expect(Object.keys(item).sort()).toEqual(['properties', 'type']);
      expect(item.type).toBe('object');
      const p = item.properties;
      expect(typeof p.port_no).toBe('string');
      expect(p.if_name).toMatch(/^eth-0-\d+(\/\d+)?$/);
      expect(['PORT_UP', 'PORT_DOWN']).toContain(p.admin_status);
      expect(['LINK_UP', 'LINK_DOWN']).toContain(p.link_status);
      expect(p.mac_addr).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i);
      expect(p.speed).toMatch(/^\S+ \(\S+\)$/);
      expect(p.duplex).toMatch(/^\S+ \(\S+\)$/);
    }
    expect(res.body.result.map((i: Wire) => i.properties.port_no)).toEqual(
      Array.from({ length: 28 }, (_, i) => String(i + 1)),
    );
    // a port without cable is up administratively but its link is down
    expect(await info('eth-0-7')).toMatchObject({
      admin_status: 'PORT_UP',
      link_status: 'LINK_DOWN',
    });
  });

  it('sfpstatus: {result: string}', async () => {
    const res = await t.get('/ports/sfpstatus');
    expectOk(res);
    expect(Object.keys(res.body)).toEqual(['result']);
    expect(typeof res.body.result).toBe('string');
    expect(res.body.result).toContain('eth-0-10');
    expect(res.body.result.split('\n').length).toBeGreaterThan(10);
  });
});

describe('GET /ports/stats', () => {
  it('rx grows for link-up ports, tx for the ports the rules send to; nothing decreases; some exceed 2^53', async () => {
    // the device's clock moved by the test: counters grow by what 300 ms carry, no sleep
    let now = Date.now();
    await t.restart({ now: () => now });
    const reads: Wire[][] = [];
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.get('/ports/stats');
      expectOk(res);
      reads.push(res.body);
      texts.push(res.text);
      now += 300;
    }
    const up = new Set(
      (await t.get('/ports/info')).body.result
        .filter((i: Wire) => i.properties.link_status === 'LINK_UP')
        .map((i: Wire) => i.properties.port_no),
    );
    expect(up.size).toBeGreaterThan(20);
    for (const r of reads) {
      expect(r).toHaveLength(28);
      for (const s of r) {
        expect(typeof s.portnum).toBe('string');
        for (const k of COUNTERS) expect(['number', 'bigint']).toContain(typeof s[k]);
      }
    }
    for (let i = 1; i < reads.length; i++) {
      for (const [j, s] of reads[i]!.entries()) {
        const prev = reads[i - 1]![j];
        expect(s.portnum).toBe(prev.portnum);
        for (const k of COUNTERS)
          expect(big(s[k]), `${s.portnum} ${k}`).toBeGreaterThanOrEqual(big(prev[k]));
        if (up.has(s.portnum)) {
          expect(big(s.rxbytes)).toBeGreaterThan(big(prev.rxbytes));
          // the factory rules send ports 1-4 to the tool ports eth-0-9 and eth-0-10
          if (s.portnum === '9' || s.portnum === '10')
            expect(big(s.txbytes)).toBeGreaterThan(big(prev.txbytes));
        } else {
          expect(s).toEqual(prev);
        }
      }
    }
    // 64-bit counters in the raw text: at least one integer beyond 2^53, written as a number
    const numbers = [...texts[0]!.matchAll(/"(\w+)":(\d+)/g)].map((m) => BigInt(m[2]!));
    expect(numbers.some((n) => n > TWO_53)).toBe(true);
    expect(
      reads[0]!.some((s) => COUNTERS.some((k) => typeof s[k] === 'bigint' && s[k] > TWO_53)),
    ).toBe(true);
  });
});
