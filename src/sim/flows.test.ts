import { describe, expect, it } from 'vitest';
import { generateFlows, type PortTraffic } from './flows.js';

const ports: PortTraffic[] = [
  { portNo: 1, meanBps: 3e8, size: 1388 },
  { portNo: 5, meanBps: 4e7, size: 210 },
  { portNo: 19, meanBps: 5e10, size: 900 },
];

describe('flow population', () => {
  const flows = generateFlows(7, ports, 3000);

  it('carries each port exactly: shares add up to 1, packets to the port rx packets', () => {
    for (const p of ports) {
      const mine = flows.filter((f) => f.flow.in_port === p.portNo);
      expect(mine.length).toBeGreaterThanOrEqual(16);
      expect(mine.reduce((a, f) => a + f.share, 0)).toBeCloseTo(1, 12);
      const packetsPerByte = mine.reduce((a, f) => a + f.share / f.flow.packet_size, 0);
      expect(packetsPerByte * p.size).toBeCloseTo(1, 9);
      for (const f of mine) {
        expect(f.flow.packet_size).toBeGreaterThanOrEqual(64);
        expect(f.flow.packet_size).toBeLessThanOrEqual(1518);
      }
    }
  });

  it('is heavy-tailed, and mixes the protocols, services and subnets tests aim at', () => {
    const shares = flows
      .filter((f) => f.flow.in_port === 19)
      .map((f) => f.share)
      .sort((a, b) => b - a);
    // the top 5 % of the flows carry far more than 5 % of the bytes
    const top = shares.slice(0, Math.ceil(shares.length / 20)).reduce((a, b) => a + b, 0);
    expect(top).toBeGreaterThan(0.25);
    const f = flows.map((x) => x.flow);
    expect(f.some((x) => x.nw_src?.startsWith('10.1.2.'))).toBe(true);
    expect(f.some((x) => x.nw_dst?.startsWith('198.51.100.'))).toBe(true);
    for (const port of [443, 80, 53, 445, 22, 123])
      expect(f.some((x) => x.tp_dst === port || x.tp_src === port)).toBe(true);
    for (const proto of [1, 6, 17, 132]) expect(f.some((x) => x.nw_proto === proto)).toBe(true);
    for (const type of [0x0800, 0x86dd, 0x0806])
      expect(f.some((x) => x.dl_type === type)).toBe(true);
    expect(f.some((x) => x.vlan !== undefined)).toBe(true);
  });

  it('is the same for the same seed', () => {
    expect(generateFlows(7, ports, 3000)).toEqual(flows);
    expect(generateFlows(8, ports, 3000)).not.toEqual(flows);
  });
});
