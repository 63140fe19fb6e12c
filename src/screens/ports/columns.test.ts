import { describe, expect, it } from 'vitest';
import type { PortLoad } from '../../traffic/index.js';
import { filterPorts, tableColumns } from './columns.js';
import type { PortRow } from './rows.js';

const row = (no: string, name: string, more: Partial<PortRow> = {}): PortRow => ({
  no,
  name,
  admin: 'up',
  link: 'up',
  speed: '10G',
  duplex: 'full',
  type: 1,
  lineBps: 10e9,
  pending: '',
  ...more,
});
const load = (no: number, demandBps: number, oversub: boolean): [number, PortLoad] => [
  no,
  {
    port: {
      no,
      name: `p${no}`,
      up: true,
      lineBps: 10e9,
      txBps: 0,
      txDropPps: 0,
      txPps: 0,
      rxBps: 0,
    },
    feeders: [],
    demandBps,
    oversub,
    why: [],
  },
];

describe('the Ports columns', () => {
  const rows = [
    row('1', 'eth-0-1'),
    row('2', 'eth-0-22/1', { admin: 'shut' }),
    row('3', 'eth-0-3'),
  ];

  it('put the OVERSUB flag right after NOW, sorting worst demand first', () => {
    const loads = new Map([load(1, 2e9, false), load(3, 12e9, true)]);
    const cols = tableColumns(rows, loads);
    const keys = cols.map((c) => c.key);
    expect(keys.slice(0, 4)).toEqual(['port', 'state', 'now', 'oversub']);
    const flag = cols[3]!;
    expect(flag.render(rows[2]!)).toBe('OVERSUB');
    expect(flag.desc).toBe(true);
    expect(flag.compare(rows[2]!, rows[0]!)).toBeGreaterThan(0);
    expect(keys).not.toContain('pending');
  });

  it('never cut a port name, and show AFTER REBOOT only while a setting waits', () => {
    const cols = tableColumns([...rows, row('4', 'eth-0-4', { pending: '⟳ 1G' })], new Map());
    expect(cols[0]!.min).toBe('eth-0-22/1'.length);
    expect(cols.map((c) => c.key).slice(0, 5)).toEqual([
      'port',
      'state',
      'now',
      'oversub',
      'pending',
    ]);
  });

  it('filter on name, state, speed and a pending setting, in any case', () => {
    const all = [...rows, row('4', 'eth-0-4', { pending: '⟳ 1G' })];
    const names = (f: string) => filterPorts(all, f).map((r) => r.name);
    expect(names('SHUT')).toEqual(['eth-0-22/1']);
    expect(names(' 22/ ')).toEqual(['eth-0-22/1']);
    expect(names('pending')).toEqual(['eth-0-4']);
    expect(names('')).toHaveLength(4);
  });
});
