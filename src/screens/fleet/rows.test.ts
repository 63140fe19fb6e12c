/** The fleet screen's rows, from device summaries: pure functions on hand-made summaries. */
import { describe, expect, it } from 'vitest';
import type { Environment, Group, PortInfo, PortStats, Rule } from '../../model/index.js';
import { usage } from '../../store/figures.js';
import type { DeviceSummary } from '../../store/fleet.js';
import { emptyRates, updateRates } from '../../store/rates.js';
import { alarmsOf, type FleetRow, fleetRow, matches, rateText, sortRows } from './rows.js';

const T = 1_000_000;

const env = (over: Partial<Environment> = {}): Environment => ({
  fan: [{ index: '1', status: 'OK', speed_rate: '40%', mode: 'auto' }],
  psu: [
    { index: 1, status: 'PRESENT', power: 'OK', type: 'AC', alert: 'NO' },
    { index: 2, status: 'ABSENT', power: 'FAIL', type: '', alert: 'ALERT' },
  ],
  temp_sensors: [
    { index: 1, temp: 45, lower_alarm: 0, upper_alarm: 80, critical_limit: 95, position: 'CPU' },
  ],
  ...over,
});

const stats = (portnum: string, bytes: bigint, errs = 0n, txdrop = 0n): PortStats => ({
  portnum,
  rxpkts: bytes / 100n,
  rxbytes: bytes,
  rxdrop: 0n,
  rxerrs: errs,
  rxframe: 0n,
  rxover: 0n,
  rxcrc: 0n,
  txpkts: bytes / 200n,
  txbytes: bytes / 2n,
  txdrop,
  txerrs: 0n,
  txcoll: 0n,
});

const info = (no: string, speed: string): PortInfo => ({
  port_no: no,
  if_name: `eth-0-${no}`,
  admin_status: 'PORT_UP',
  link_status: 'LINK_UP',
  duplex: 'FULL',
  mac_addr: '00:00:00:00:00:00',
  speed,
});

/** Two samples a second apart: port 1 takes 1 GB/s in (8 Gb/s), port 2 counts 5 errors/s. */
function summary(over: Partial<DeviceSummary> = {}): DeviceSummary {
  const a = [stats('1', 10_000_000_000n), stats('2', 0n, 100n)];
  const b = [stats('1', 11_000_000_000n), stats('2', 0n, 105n)];
  const rates = updateRates(updateRates(emptyRates(), a, T - 1000), b, T);
  return {
    name: 'lab-a',
    url: 'http://192.0.2.10/rest',
    data: {
      identity: { name: 'pb-lab-01', model: 'PB-2800', firmware: '2.2.0' },
      flows: { used_flows: 913, maximum_flows: 1000 },
      environment: env(),
      stats: b,
    },
    rates,
    okAt: T,
    ...over,
  };
}

const row = (over: Partial<FleetRow>): FleetRow => ({
  device: 'x',
  reach: 'live',
  name: '',
  model: '',
  firmware: '',
  tcam: null,
  alarms: '',
  errPorts: 0,
  oversub: 0,
  rxBps: null,
  txBps: null,
  lastChange: '',
  ...over,
});

describe('alarmsOf', () => {
  it('TEMP at or past a sensor alarm limit, FAN not OK, PSU present and alerting or unpowered', () => {
    expect(alarmsOf(undefined)).toBe('');
    // an empty bay that reads ALERT is not an alarm
    expect(alarmsOf(env())).toBe('');
    const hot = env().temp_sensors.map((t) => ({ ...t, temp: 80 }));
    const cold = env().temp_sensors.map((t) => ({ ...t, temp: 0 }));
    expect(alarmsOf(env({ temp_sensors: hot }))).toBe('TEMP');
    expect(alarmsOf(env({ temp_sensors: cold }))).toBe('TEMP');
    const fan = [{ index: '1', status: 'FAIL', speed_rate: '0%', mode: 'auto' }];
    expect(alarmsOf(env({ fan }))).toBe('FAN');
    const alert = [{ index: 1, status: 'PRESENT', power: 'OK', type: 'AC', alert: 'ALERT' }];
    const unpowered = [{ index: 1, status: 'PRESENT', power: 'FAIL', type: 'AC', alert: 'NO' }];
    expect(alarmsOf(env({ psu: alert }))).toBe('PSU');
    expect(alarmsOf(env({ psu: unpowered }))).toBe('PSU');
    expect(alarmsOf(env({ temp_sensors: hot, fan, psu: alert }))).toBe('TEMP FAN PSU');
  });
});

describe('fleetRow', () => {
  it('identity, TCAM %, total rates, ports with errors, last change', () => {
    const r = fleetRow(summary(), T, '12:03 rules.add');
    expect(r).toMatchObject({
      device: 'lab-a',
      reach: 'live',
      name: 'pb-lab-01',
      model: 'PB-2800',
      firmware: '2.2.0',
      tcam: expect.objectContaining({ pct: '91' }),
      alarms: '',
      errPorts: 1,
      oversub: 0,
      rxBps: 8e9,
      txBps: 4e9,
      lastChange: '12:03 rules.add',
    });
    expect(r.error).toBeUndefined();
    expect(rateText(r.rxBps)).toBe(rateText(8e9));
    expect(rateText(null)).toBe('—');
  });

  it('nothing read yet: unknown, no TCAM, no rates', () => {
    const r = fleetRow({ name: 'new', url: 'http://n/rest', data: {}, rates: emptyRates() }, T);
    expect(r).toMatchObject({ reach: 'unknown', tcam: null, rxBps: null, txBps: null });
    expect(r.name).toBe('');
  });

  it('a device that fails: down, with its error (sanitized); stale after 30 s without answer', () => {
    const down = fleetRow(
      summary({ error: { message: 'cannot connect\u001b[31m: refused', at: T + 1 } }),
      T + 1,
    );
    expect(down.reach).toBe('down');
    expect(down.error).toMatch(/^cannot connect: refused \(since \d\d:\d\d:\d\d\)$/);
    expect(fleetRow(summary(), T + 30_001).reach).toBe('stale');
    // device text is sanitized before display
    const evil = summary();
    evil.data.identity = { name: 'pb\u001b]0;pwned\u0007', model: 'M', firmware: 'F' };
    expect(fleetRow(evil, T).name).toBe('pb');
  });

  it('a device that does not answer shows no figures, its error and since when', () => {
    const since = T + 1;
    const s = summary({ error: { message: 'timed out', at: T + 5000, since } });
    const down = fleetRow(s, T + 5000);
    expect(down.reach).toBe('down');
    // its last figures (913/1000 TCAM, 8 Gb/s in, a port erroring, an absent PSU) are not shown
    expect(down).toMatchObject({ tcam: null, rxBps: null, txBps: null, errPorts: null });
    expect(down.alarms).toBe('');
    const at = new Date(since).toTimeString().slice(0, 8);
    expect(down.error).toBe(`timed out (since ${at})`);
    // stale (no answer for 30 s): no figures either
    const stale = fleetRow(summary(), T + 30_001);
    expect(stale).toMatchObject({ reach: 'stale', tcam: null, rxBps: null, errPorts: null });
    expect(stale.error).toContain('no answer for 30 s');
    // sorting by state puts it first; by ports it no longer ranks by figures it does not have
    const live = fleetRow(summary({ name: 'lab-b' }), T + 5000);
    expect(sortRows([live, down], 'state', false)[0]).toBe(down);
    expect(sortRows([live, down], 'ports', false)[0]).toBe(live);
  });

  it('OVERSUB: a tool port that rules feed past its line rate, or that drops on send', () => {
    const s = summary();
    s.data.info = [info('1', '100G (auto)'), info('2', '10G (auto)')];
    s.data.config = [];
    s.data.groups = [] as Group[];
    // 20 Gb/s from port 1 sent out of 10G port 2
    s.data.rules = [
      { actions: ['output:2'], datarate_raw: 20e9, malformed: false } as unknown as Rule,
    ];
    expect(fleetRow(s, T).oversub).toBe(1);
    s.data.rules = [
      { actions: ['output:2'], datarate_raw: 1e9, malformed: false } as unknown as Rule,
    ];
    expect(fleetRow(s, T).oversub).toBe(0);
    // without rules or groups read, no OVERSUB is claimed
    delete s.data.groups;
    s.data.rules = [
      { actions: ['output:2'], datarate_raw: 20e9, malformed: false } as unknown as Rule,
    ];
    expect(fleetRow(s, T).oversub).toBe(0);
  });
});

describe('sortRows and the / filter', () => {
  const rows = [
    row({ device: 'b', reach: 'live', tcam: usage(50, 100), rxBps: 5, txBps: 1, errPorts: 1 }),
    row({ device: 'a', reach: 'down', tcam: null, alarms: 'PSU' }),
    row({
      device: 'c',
      reach: 'stale',
      tcam: usage(95, 100),
      rxBps: 9,
      txBps: 7,
      alarms: 'TEMP FAN',
      oversub: 2,
    }),
    row({ device: 'd', reach: 'live', tcam: usage(50, 100), rxBps: 1, txBps: 9 }),
  ];
  const order = (key: Parameters<typeof sortRows>[1], reverse = false) =>
    sortRows(rows, key, reverse).map((r) => r.device);

  it('sorts what needs attention first, ties by device, S reverses', () => {
    expect(order('device')).toEqual(['a', 'b', 'c', 'd']);
    expect(order('state')).toEqual(['a', 'c', 'b', 'd']);
    expect(order('alarms')).toEqual(['c', 'a', 'b', 'd']);
    expect(order('ports')).toEqual(['c', 'b', 'a', 'd']);
    expect(order('tcam')).toEqual(['c', 'b', 'd', 'a']);
    expect(order('rx')).toEqual(['c', 'b', 'd', 'a']);
    expect(order('tx')).toEqual(['d', 'c', 'b', 'a']);
    expect(order('device', true)).toEqual(['d', 'c', 'b', 'a']);
    // the input is left as it was
    expect(rows.map((r) => r.device)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('filters by device, name, model, firmware, state or alarm, ignoring case', () => {
    const r = row({ device: 'lab-a', name: 'pb-01', model: 'PB-2800', firmware: '2.2.0' });
    for (const f of ['', '  ', 'LAB-A', 'pb-0', '2800', '2.2', 'live'])
      expect(matches(r, f), f).toBe(true);
    expect(matches(row({ alarms: 'PSU' }), 'psu')).toBe(true);
    expect(matches(r, 'down')).toBe(false);
  });
});
