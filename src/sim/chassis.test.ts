import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPortConfig,
  applyRebootSettings,
  buildChassis,
  type ChassisState,
  findPort,
  linkUp,
  newChassis,
  type PortChange,
  portConfigs,
  portInfo,
  rebootPending,
  restoreChassis,
  serializeChassis,
} from './chassis.js';
import { SimError } from './errors.js';
import { sfpStatus } from './sfp.js';

function port(state: ChassisState, name: string) {
  const p = findPort(state, name);
  if (!p) throw new Error(`test: no ${name}`);
  return p;
}

function simError(fn: () => unknown): SimError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimError) return e;
    throw e;
  }
  throw new Error('expected a SimError');
}

describe('buildChassis', () => {
  const ports = buildChassis();

  it('has 28 sequentially numbered ports with unique names and MACs', () => {
    expect(ports).toHaveLength(28);
    expect(ports.map((p) => p.port_no)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(new Set(ports.map((p) => p.if_name)).size).toBe(28);
    expect(new Set(ports.map((p) => p.mac_addr)).size).toBe(28);
    for (const p of ports) {
      expect(p.if_name).toMatch(/^eth-0-\d+(\/[1-4])?$/);
      expect(p.mac_addr).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
      expect(p.config.if_name).toBe(p.if_name);
      expect(p.config.type).toBe(p.type);
      expect(p.maxBps).toBeGreaterThan(0);
    }
  });

  it('covers all 11 port types, with split children named eth-0-N/1..4', () => {
    expect(new Set(ports.map((p) => p.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    const t9 = ports.filter((p) => p.type === 9);
    const t10 = ports.filter((p) => p.type === 10);
    expect(t9.map((p) => p.if_name)).toEqual([
      'eth-0-21/1',
      'eth-0-21/2',
      'eth-0-21/3',
      'eth-0-21/4',
    ]);
    expect(t10.map((p) => p.if_name)).toEqual([
      'eth-0-22/1',
      'eth-0-22/2',
      'eth-0-22/3',
      'eth-0-22/4',
    ]);
    expect(t9.every((p) => p.config.split === 'sfp' && p.parentType === 8)).toBe(true);
    expect(t10.every((p) => p.config.split === 'break-out')).toBe(true);
  });

  it('sets the documented defaults', () => {
    for (const p of ports) {
      const c = p.config;
      expect(c).toMatchObject({
        shutdown: false,
        unidirectional: false,
        crc_check: true,
        crc_recalculation: false,
      });
      expect(c.xg_speed !== undefined).toBe([4, 9, 10, 11].includes(p.type));
    }
    const s = newChassis();
    expect(port(s, 'eth-0-1').config).toMatchObject({
      speed: 'auto',
      duplex: 'auto',
      media_type: 'rj45',
    });
    expect(port(s, 'eth-0-19').config.speed).toBe('100G');
    expect(port(s, 'eth-0-19').maxBps).toBe(100e9);
    expect(port(s, 'eth-0-5').maxBps).toBe(100e6); // partner only does 100M
    expect(port(s, 'eth-0-13').config.xg_speed).toEqual({ currSetting: '1G', nextSetting: '1G' });
    expect(port(s, 'eth-0-13').maxBps).toBe(1e9);
  });

  it('has some link-down ports by design, and shutdown takes the link down', () => {
    const s = newChassis();
    const down = s.ports.filter((p) => !linkUp(p)).map((p) => p.if_name);
    expect(down.length).toBeGreaterThanOrEqual(2);
    expect(down).toContain('eth-0-7');
    const p1 = port(s, 'eth-0-1');
    expect(linkUp(p1)).toBe(true);
    applyPortConfig(s, { if_name: 'eth-0-1', shutdown: true });
    expect(linkUp(p1)).toBe(false);
  });
});

describe('applyPortConfig', () => {
  it('rejects an unsupported speed with a readable message', () => {
    const e = simError(() => applyPortConfig(newChassis(), { if_name: 'eth-0-1', speed: '100G' }));
    expect(e.status).toBe(400);
    expect(e.message).toBe(
      'port eth-0-1 (type 1, RJ45) does not support speed 100G; allowed: 10, 100, 1000, auto',
    );
  });

  it('answers 404 for an unknown port', () => {
    const e = simError(() =>
      applyPortConfig(newChassis(), { if_name: 'eth-0-99', shutdown: true }),
    );
    expect(e.status).toBe(404);
    expect(e.message).toBe("no port named 'eth-0-99'");
  });

  it.each<[PortChange, RegExp]>([
    [{ if_name: 'eth-0-11', speed: '10G' }, /allowed: 1000$/],
    [{ if_name: 'eth-0-16', duplex: 'half' }, /does not support duplex half/],
    [{ if_name: 'eth-0-16', xg_speed: '1G' }, /has no xg_speed setting/],
    [{ if_name: 'eth-0-12', xg_speed: '25G' }, /allowed: 1G, XG/],
    [{ if_name: 'eth-0-12', speed: '10G', xg_speed: '1G' }, /conflicts/],
    [
      { if_name: 'eth-0-1', split: 'break-out' },
      /does not support split break-out; allowed: default/,
    ],
    [{ if_name: 'eth-0-18', split: 'sfp' }, /allowed: default, break-out$/],
    [{ if_name: 'eth-0-21/1', split: 'break-out' }, /allowed: sfp, default/],
    [{ if_name: 'eth-0-1', speed: '1000', duplex: 'half' }, /half duplex/],
    [{ if_name: 'eth-0-1', shutdown: 'maybe' }, /shutdown must be true or false/],
    [{ if_name: 'eth-0-18', speed: '100G' }, /type 6, QSFP 40G/],
  ])('rejects %j', (change, message) => {
    const e = simError(() => applyPortConfig(newChassis(), change));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });

  it('leaves the state untouched when any field is invalid', () => {
    const s = newChassis();
    const before = serializeChassis(s);
    expect(() =>
      applyPortConfig(s, {
        if_name: 'eth-0-3',
        shutdown: true,
        speed: '100',
        crc_check: false,
        duplex: 'weird',
      }),
    ).toThrow(SimError);
    expect(serializeChassis(s)).toBe(before);
  });

  it('never half-applies a random change (property)', () => {
    const names = buildChassis().map((p) => p.if_name);
    const change = fc.record(
      {
        if_name: fc.oneof(fc.constantFrom(...names), fc.constant('eth-0-99')),
        speed: fc.constantFrom('10', '100', '1000', '10G', '40G', '100G', 'auto', 'fast'),
        duplex: fc.constantFrom('full', 'half', 'auto', 'x'),
        xg_speed: fc.constantFrom('1G', 'XG', '2G'),
        shutdown: fc.constantFrom(true, false, 'true', 'no'),
        crc_check: fc.boolean(),
        split: fc.constantFrom('default', 'break-out', 'sfp', 'x'),
      },
      { requiredKeys: ['if_name'] },
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 8 }), (changes) => {
        const s = newChassis();
        for (const c of changes) {
          const before = serializeChassis(s);
          try {
            applyPortConfig(s, c);
          } catch (e) {
            expect(e).toBeInstanceOf(SimError);
            expect(serializeChassis(s)).toBe(before);
          }
        }
        applyRebootSettings(s);
        expect(s.ports.map((p) => p.port_no)).toEqual(s.ports.map((_, i) => i + 1));
        expect(rebootPending(s)).toBe(false);
      }),
    );
  });

  it('applies plain settings at once', () => {
    const s = newChassis();
    const r = applyPortConfig(s, {
      if_name: 'eth-0-2',
      speed: '100',
      duplex: 'half',
      unidirectional: 'true',
      crc_check: false,
      crc_recalculation: true,
    });
    expect(r.pendingReboot).toBe(false);
    expect(port(s, 'eth-0-2').config).toMatchObject({
      speed: '100',
      duplex: 'half',
      unidirectional: true,
      crc_check: false,
      crc_recalculation: true,
    });
    expect(port(s, 'eth-0-2').maxBps).toBe(100e6);
    applyPortConfig(s, { if_name: 'eth-0-19', speed: '40G' });
    expect(port(s, 'eth-0-19').maxBps).toBe(40e9);
  });

  it('type 4: xg_speed waits for a reboot', () => {
    const s = newChassis();
    expect(applyPortConfig(s, { if_name: 'eth-0-12', xg_speed: '1G' })).toEqual({
      pendingReboot: true,
    });
    const p = port(s, 'eth-0-12');
    expect(p.config.xg_speed).toEqual({ currSetting: 'XG', nextSetting: '1G' });
    expect(p.config.speed).toBe('10G');
    expect(p.maxBps).toBe(10e9);
    expect(rebootPending(s)).toBe(true);
    applyRebootSettings(s);
    const after = port(s, 'eth-0-12');
    expect(after.config.xg_speed).toEqual({ currSetting: '1G', nextSetting: '1G' });
    expect(after.config.speed).toBe('1000');
    expect(after.maxBps).toBe(1e9);
    // speed is an alias of xg_speed on these ports
    expect(applyPortConfig(s, { if_name: 'eth-0-12', speed: '10G' }).pendingReboot).toBe(true);
    expect(after.config.xg_speed?.nextSetting).toBe('XG');
  });

  it('type 11 (and split children): xg_speed applies at once', () => {
    const s = newChassis();
    expect(applyPortConfig(s, { if_name: 'eth-0-14', xg_speed: '1G' }).pendingReboot).toBe(false);
    expect(port(s, 'eth-0-14').config).toMatchObject({
      speed: '1000',
      xg_speed: { currSetting: '1G', nextSetting: '1G' },
    });
    expect(port(s, 'eth-0-14').maxBps).toBe(1e9);
    applyPortConfig(s, { if_name: 'eth-0-22/2', speed: '1000' });
    expect(port(s, 'eth-0-22/2').maxBps).toBe(1e9);
    expect(rebootPending(s)).toBe(false);
  });

  it('splits a QSFP port into four children at reboot', () => {
    const s = newChassis();
    expect(applyPortConfig(s, { if_name: 'eth-0-20', split: 'sfp' }).pendingReboot).toBe(true);
    expect(s.ports).toHaveLength(28); // nothing changes before the reboot
    expect(port(s, 'eth-0-20').config.split).toBe('default');
    expect(applyRebootSettings(s)).toEqual({ portListChanged: true });
    expect(s.ports).toHaveLength(31);
    expect(findPort(s, 'eth-0-20')).toBeUndefined();
    const kids = s.ports.filter((p) => p.if_name.startsWith('eth-0-20/'));
    expect(kids.map((p) => [p.if_name, p.type, p.config.split])).toEqual(
      [1, 2, 3, 4].map((i) => [`eth-0-20/${i}`, 9, 'sfp']),
    );
    expect(kids[0]!.port_no).toBe(20);
    expect(s.ports.map((p) => p.port_no)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));

    applyPortConfig(s, { if_name: 'eth-0-18', split: 'break-out' });
    applyRebootSettings(s);
    expect(
      s.ports.filter((p) => p.if_name.startsWith('eth-0-18/')).every((p) => p.type === 10),
    ).toBe(true);
    expect(s.ports).toHaveLength(34);
  });

  it('unsplits children back into their parent at reboot', () => {
    const s = newChassis();
    expect(applyPortConfig(s, { if_name: 'eth-0-22/3', split: 'default' }).pendingReboot).toBe(
      true,
    );
    expect(s.ports.filter((p) => p.nextSplit === 'default')).toHaveLength(4);
    applyRebootSettings(s);
    expect(s.ports).toHaveLength(25);
    const parent = port(s, 'eth-0-22');
    expect(parent.type).toBe(7);
    expect(parent.config.split).toBe('default');
    expect(parent.port_no).toBe(25);
    expect(parent.maxBps).toBe(100e9);
  });

  it('setting the current split again cancels a pending split', () => {
    const s = newChassis();
    applyPortConfig(s, { if_name: 'eth-0-19', split: 'break-out' });
    expect(rebootPending(s)).toBe(true);
    expect(applyPortConfig(s, { if_name: 'eth-0-19', split: 'default' }).pendingReboot).toBe(false);
    expect(rebootPending(s)).toBe(false);
    expect(applyRebootSettings(s).portListChanged).toBe(false);
  });
});

describe('portInfo', () => {
  it('formats status, speed and duplex as "current (setting)"', () => {
    const s = newChassis();
    applyPortConfig(s, { if_name: 'eth-0-3', shutdown: true });
    const info = new Map(portInfo(s).map((i) => [i.if_name, i]));
    expect(info.get('eth-0-1')).toMatchObject({
      port_no: '1',
      admin_status: 'PORT_UP',
      link_status: 'LINK_UP',
      speed: '1000 (auto)',
      duplex: 'full (auto)',
    });
    expect(info.get('eth-0-5')?.speed).toBe('100 (auto)');
    expect(info.get('eth-0-3')).toMatchObject({
      admin_status: 'PORT_DOWN',
      link_status: 'LINK_DOWN',
      speed: '- (auto)',
      duplex: '- (auto)',
    });
    expect(info.get('eth-0-7')).toMatchObject({
      admin_status: 'PORT_UP',
      link_status: 'LINK_DOWN',
    });
    expect(info.get('eth-0-16')?.speed).toBe('10G (10G)');
    expect(info.get('eth-0-19')?.speed).toBe('100G (100G)');
    expect(info.get('eth-0-13')?.speed).toBe('1000 (1000)');
    expect(info.get('eth-0-22/1')?.mac_addr).toBe(port(s, 'eth-0-22/1').mac_addr);
  });
});

describe('sfpStatus', () => {
  const text = sfpStatus(newChassis(), Date.UTC(2025, 5, 1));
  const lines = text.trimEnd().split('\n');

  it('lists every cage but no RJ45 port', () => {
    expect(lines[0]).toMatch(/^Port\s+Vendor\s+Part Number\s+Serial Number/);
    expect(lines[1]).toMatch(/^-+ +-+/);
    expect(text).not.toMatch(/^eth-0-1 /m);
    expect(text).not.toMatch(/^eth-0-8 /m);
    const names = lines.slice(2).map((l) => l.split(/\s+/)[0]);
    expect(names).toHaveLength(28 - 8);
    expect(names).toContain('eth-0-21/4');
  });

  it('says "not present" for empty cages and aligns columns', () => {
    expect(lines.find((l) => l.startsWith('eth-0-20 '))).toMatch(/not present$/);
    expect(lines.find((l) => l.startsWith('eth-0-21/3 '))).toMatch(/not present$/);
    const vendorCol = lines[0]!.indexOf('Vendor');
    const partCol = lines[0]!.indexOf('Part Number');
    for (const l of lines.slice(2)) {
      if (l.endsWith('not present')) continue;
      expect(l[vendorCol - 1]).toBe(' ');
      expect(l[vendorCol]).not.toBe(' ');
      expect(l[partCol]).not.toBe(' ');
    }
    // no fibre on eth-0-17: receive power at the floor
    expect(lines.find((l) => l.startsWith('eth-0-17 '))).toMatch(/-40\.00/);
  });

  it('is stable for the same input', () => {
    expect(sfpStatus(newChassis(), Date.UTC(2025, 5, 1))).toBe(text);
  });
});

describe('persistence', () => {
  it('round-trips through JSON, including pending settings', () => {
    const s = newChassis();
    applyPortConfig(s, { if_name: 'eth-0-12', xg_speed: '1G' });
    applyPortConfig(s, { if_name: 'eth-0-20', split: 'break-out' });
    const copy = restoreChassis(serializeChassis(s));
    expect(copy).toEqual(s);
    expect(rebootPending(copy)).toBe(true);
    expect(portConfigs(copy)).toEqual(portConfigs(s));
  });

  it('rejects malformed data', () => {
    expect(() => restoreChassis('{}')).toThrow(/ports/);
    expect(() => restoreChassis({ ports: [{ if_name: 'x' }] })).toThrow(/malformed/);
  });
});
