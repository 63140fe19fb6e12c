/**
 * The TCAM model's `covers` and `overlaps` (src/tcam/shadow.ts, on compact normal forms)
 * against the forwarding engine's own matcher (flow.ts), an independent implementation: on a
 * grid of flows holding every boundary the generated matches use, a covers b exactly when
 * every flow b matches a matches too, and a overlaps b exactly when some flow matches both.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import { covers, normalizeMatch, overlaps } from '../tcam/index.js';
import { type Flow, matchesFlow } from './index.js';

const PORTS = ['1', '2', '3', '1,2', '2,3', '1-3', '3,1'];
const L4 = ['80', '443', '0-1023', '1000-1999', '400-500', '80-80', '1500-2500', '0-65535'];
const SRC = ['10.0.0.0/8', '10.1.0.0/16', '10.1.2.3', '10.1.2.3/32', '192.168.0.0/16', '0.0.0.0/0'];
const VLAN = ['100', '200'];

const match: fc.Arbitrary<Match> = fc
  .record(
    {
      in_port: fc.constantFrom(...PORTS),
      proto: fc.constantFrom('tcp', 'udp'),
      dst: fc.constantFrom(...L4),
      nw_src: fc.constantFrom(...SRC),
      dl_vlan: fc.constantFrom(...VLAN),
    },
    { requiredKeys: [] },
  )
  .map(({ proto, dst, ...rest }) => {
    const m: Match = { ...rest };
    if (proto !== undefined) m[proto] = '';
    if (dst !== undefined) m[`${proto ?? 'tcp'}_dst`] = dst;
    if (dst !== undefined && proto === undefined) m.tcp = '';
    return m;
  });

let id = 0;
const grid: Flow[] = [];
for (const in_port of [1, 2, 3, 4])
  for (const nw_proto of [6, 17])
    for (const tp_dst of [
      0, 79, 80, 81, 399, 400, 443, 500, 999, 1000, 1023, 1500, 1999, 2500, 3000,
    ])
      for (const nw_src of ['10.0.0.1', '10.1.0.1', '10.1.2.3', '192.168.0.1', '11.0.0.1'])
        for (const vlan of [undefined, 100, 200])
          grid.push({
            id: id++,
            in_port,
            dl_src: '00:11:22:33:44:55',
            dl_dst: 'aa:bb:cc:dd:ee:ff',
            dl_type: 0x0800,
            nw_src,
            nw_dst: '10.0.0.9',
            nw_proto,
            tp_src: 40000,
            tp_dst,
            ...(vlan === undefined ? {} : { vlan }),
            bps: 1e6,
            packet_size: 500,
          });

describe('covers and overlaps agree with the forwarding engine (property)', () => {
  it('on every flow of a grid holding each boundary', () => {
    fc.assert(
      fc.property(match, match, (a, b) => {
        expect(normalizeMatch(a).valid && normalizeMatch(b).valid).toBe(true);
        const inA = grid.map((f) => matchesFlow(a, f));
        const inB = grid.map((f) => matchesFlow(b, f));
        const both = inA.some((x, i) => x && inB[i]);
        const bInA = inB.every((x, i) => !x || inA[i]);
        expect(overlaps(a, b)).toBe(both);
        expect(covers(a, b)).toBe(bInA);
      }),
      { numRuns: 400 },
    );
  });

  it('one port is the same as a one-port list, and a one-value range the same as the value', () => {
    expect(covers({ in_port: '2' }, { in_port: '2,2' })).toBe(true);
    expect(covers({ in_port: '2,2' }, { in_port: '2' })).toBe(true);
    expect(covers({ in_port: '1-3' }, { in_port: '2' })).toBe(true);
    expect(covers({ in_port: '2' }, { in_port: '1-3' })).toBe(false);
    expect(covers({ tcp: '', tcp_dst: '80' }, { tcp: '', tcp_dst: '80-80' })).toBe(true);
    expect(overlaps({ in_port: '2' }, { in_port: '1,3' })).toBe(false);
  });
});
