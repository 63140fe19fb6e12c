import { describe, expect, it } from 'vitest';
import type { Group } from '../model/index.js';
import { GROUP_NESTING, OPS_BY_TEXT_MAX, opsOf, parseOp, walkActions } from '../tcam/actions.js';
import type { Flow } from './flow.js';
import { forward } from './forward.js';
import { deliveries, sharesByPort } from './load.js';

const group = (group_id: number, type: Group['type'], buckets: [string, string[]][]): Group => ({
  group_id,
  type,
  description: '',
  buckets: buckets.map(([watch_port, actions]) => ({ watch_port, actions })),
});
const flow: Flow = {
  id: 1,
  in_port: 1,
  dl_src: '00:00:00:00:00:01',
  dl_dst: '00:00:00:00:00:02',
  dl_type: 0x0800,
  nw_src: '10.0.0.1',
  nw_dst: '10.9.9.9',
  nw_proto: 6,
  tp_src: 40000,
  tp_dst: 443,
  bps: 1e6,
  packet_size: 500,
};
const up =
  (down: number[] = []) =>
  (p: number) =>
    !down.includes(p);

describe('the one action interpreter', () => {
  it('follows a group from a rule, not from a bucket: the simulator, trace and load agree', () => {
    expect(GROUP_NESTING).toBe(1);
    // a device outside the simulator's rule (a bucket sending to a group) forwards nothing there
    const groups = new Map([
      [
        1,
        group(1, 'all', [
          ['', ['output:2']],
          ['', ['group:2']],
        ]),
      ],
      [2, group(2, 'all', [['', ['output:3']]])],
    ]);
    const fw = forward(['group:1'], flow, { groups, portUp: up(), hashFields: ['ipsa'] });
    expect(fw.outputs.map((o) => o.port)).toEqual([2]);
    expect([...sharesByPort(deliveries(['group:1'], groups, up()))]).toEqual([[2, 1]]);
  });

  it('a select group: one packet takes one live bucket; a rule’s traffic splits over them', () => {
    const groups = new Map([
      [
        5,
        group(5, 'select', [
          ['4', ['output:4']],
          ['', ['output:5']],
          ['', ['output:6']],
        ]),
      ],
    ]);
    const portUp = up([4]);
    const fw = forward(['group:5'], flow, { groups, portUp, hashFields: ['ipsa'] });
    expect(fw.outputs).toHaveLength(1);
    expect([5, 6]).toContain(fw.outputs[0]!.port);
    expect([...sharesByPort(deliveries(['group:5'], groups, portUp))]).toEqual([
      [5, 0.5],
      [6, 0.5],
    ]);
  });

  it('drop ends the list it is in, in both readings', () => {
    const groups = new Map<number, Group>();
    const actions = ['output:1', 'drop', 'output:2'];
    expect(forward(actions, flow, { groups, portUp: up(), hashFields: [] }).outputs).toEqual([
      { port: 1, sizeDelta: 0 },
    ]);
    expect(deliveries(actions, groups, up()).map((d) => d.port)).toEqual([1]);
  });

  it('reports what it walks: copies with their size change, groups, missing groups', () => {
    const seen: string[] = [];
    walkActions(
      ['push_vlan:0x8100', 'output:1,2', 'group:9'],
      { groups: new Map(), portUp: up(), select: (l) => l },
      {
        output: (port, share, size) => seen.push(`out ${port} ${share} ${size}`),
        noGroup: () => seen.push('no group'),
      },
    );
    expect(seen).toEqual(['out 1 1 4', 'out 2 1 4', 'no group']);
    // the vendor's bare port list reads as output
    expect(opsOf(['3,4'])).toEqual([{ k: 'out', ports: [3, 4] }]);
  });
});

describe('parsed action lists (opsOf)', () => {
  it('parses each action text once, whichever rule holds it: a big table repeats a few lists', () => {
    const texts = [['output:1'], ['output:2,3'], ['push_vlan:0x8100', 'output:4']];
    const first = texts.map((t) => opsOf([...t]));
    // 10,000 rules, each with its own array (as every rule of a poll's answer has)
    for (let i = 0; i < 10_000; i++) {
      const t = texts[i % 3]!;
      expect(opsOf([...t])).toBe(first[i % 3]);
    }
    expect(first[1]).toEqual([{ k: 'out', ports: [2, 3] }]);
    expect(first[2]).toEqual([
      { k: 'vlan', push: true },
      { k: 'out', ports: [4] },
    ]);
  });

  it('tells every list from every other: one action is not the list its text spells', () => {
    const one = 'output:1","output:2';
    expect(opsOf(['output:1', 'output:2'])).toEqual([
      { k: 'out', ports: [1] },
      { k: 'out', ports: [2] },
    ]);
    expect(opsOf([one])).toEqual([parseOp(one)]);
    expect(opsOf(['["output:1","output:2"]'])).toEqual([parseOp('["output:1","output:2"]')]);
    expect(opsOf(['a\u0000b', 'c'])).not.toBe(opsOf(['a', '\u0000b,c']));
  });

  it('forgets what it parsed past OPS_BY_TEXT_MAX texts, and still parses right', () => {
    const kept = opsOf(['output:7']);
    for (let i = 0; i <= OPS_BY_TEXT_MAX; i++) opsOf([`output:${10_000 + i}`]);
    const again = opsOf(['output:7']);
    expect(again).not.toBe(kept);
    expect(again).toEqual([{ k: 'out', ports: [7] }]);
  });
});
