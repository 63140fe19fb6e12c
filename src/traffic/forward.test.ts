import { describe, expect, it } from 'vitest';
import type { Group } from '../model/index.js';
import { type Flow, type ForwardContext, forward, selectHash } from './index.js';

function flow(id: number, over: Partial<Flow> = {}): Flow {
  return {
    id,
    in_port: 1,
    dl_src: '00:00:00:00:00:01',
    dl_dst: '00:00:00:00:00:02',
    dl_type: 0x0800,
    nw_src: `10.0.${id >> 8}.${id & 255}`,
    nw_dst: '10.9.9.9',
    nw_proto: 6,
    tp_src: 40000 + (id % 1000),
    tp_dst: 443,
    bps: 1e6,
    packet_size: 500,
    ...over,
  };
}

const group = (group_id: number, type: Group['type'], buckets: [string, string[]][]): Group => ({
  group_id,
  type,
  description: '',
  buckets: buckets.map(([watch_port, actions]) => ({ watch_port, actions })),
});

function ctx(
  groups: Group[] = [],
  down: number[] = [],
  hashFields: string[] = ['ipsa', 'ipda'],
): ForwardContext {
  return {
    groups: new Map(groups.map((g) => [g.group_id, g])),
    portUp: (p) => !down.includes(p),
    hashFields,
  };
}

const ports = (actions: string[], f: Flow, c: ForwardContext) =>
  forward(actions, f, c).outputs.map((o) => o.port);

describe('forward: outputs, drop and sizes', () => {
  it('output to several ports replicates; the bare-port form is an output too', () => {
    expect(ports(['output:9'], flow(1), ctx())).toEqual([9]);
    expect(ports(['output:9,10', 'output:11'], flow(1), ctx())).toEqual([9, 10, 11]);
    expect(ports(['3,5'], flow(1), ctx())).toEqual([3, 5]);
    expect(forward(['output:9'], flow(1), ctx()).dropped).toBe(null);
  });

  it('actions changed in place are read again', () => {
    const actions = ['output:9'];
    expect(ports(actions, flow(1), ctx())).toEqual([9]);
    actions[0] = 'output:10';
    expect(ports(actions, flow(1), ctx())).toEqual([10]);
    actions.push('output:11');
    expect(ports(actions, flow(1), ctx())).toEqual([10, 11]);
  });

  it('drop forwards nothing and says so; no output action is no-output', () => {
    expect(forward(['drop'], flow(1), ctx())).toEqual({
      outputs: [],
      groups: [],
      dropped: 'drop',
      lost: [],
    });
    expect(forward([], flow(1), ctx()).dropped).toBe('no-output');
    expect(forward(['push_vlan:0x8100'], flow(1), ctx()).dropped).toBe('no-output');
  });

  it('a copy to a down port is lost there; only lost copies → port-down', () => {
    const r = forward(['output:9,10'], flow(1), ctx([], [10]));
    expect(r.outputs).toEqual([{ port: 9, sizeDelta: 0 }]);
    expect(r.lost).toEqual([10]);
    expect(r.dropped).toBe(null);
    expect(forward(['output:10'], flow(1), ctx([], [10]))).toMatchObject({
      outputs: [],
      lost: [10],
      dropped: 'port-down',
    });
  });

  it('push_vlan adds 4 bytes to the outputs after it, strip_vlan/pop_vlan removes 4 from a tagged packet', () => {
    const out = (actions: string[], f: Flow) => forward(actions, f, ctx()).outputs;
    expect(out(['output:1', 'push_vlan:0x8100', 'output:2'], flow(1))).toEqual([
      { port: 1, sizeDelta: 0 },
      { port: 2, sizeDelta: 4 },
    ]);
    expect(out(['strip_vlan', 'output:2'], flow(1, { vlan: 10 }))).toEqual([
      { port: 2, sizeDelta: -4 },
    ]);
    expect(out(['pop_vlan', 'output:2'], flow(1))).toEqual([{ port: 2, sizeDelta: 0 }]);
    expect(out(['push_vlan:0x8100', 'push_vlan:0x88a8', 'output:3'], flow(1))).toEqual([
      { port: 3, sizeDelta: 8 },
    ]);
    expect(out(['set_field:4196->vlan_vid', 'output:3'], flow(1, { vlan: 5 }))).toEqual([
      { port: 3, sizeDelta: 0 },
    ]);
    expect(out(['mod_vlan_vid:100', 'output:3'], flow(1))).toEqual([{ port: 3, sizeDelta: 4 }]);
  });
});

describe('forward: groups', () => {
  it('all: every bucket, each with its own actions', () => {
    const g = group(1, 'all', [
      ['', ['output:5']],
      ['', ['push_vlan:0x8100', 'output:6']],
    ]);
    const r = forward(['group:1'], flow(1), ctx([g]));
    expect(r.outputs).toEqual([
      { port: 5, sizeDelta: 0 },
      { port: 6, sizeDelta: 4 },
    ]);
    expect(r.groups).toEqual([{ id: 1, type: 'all', bucket: null }]);
  });

  it('a bucket starts from the packet as the rule left it; the rule goes on from before the group', () => {
    const g = group(1, 'all', [['', ['strip_vlan', 'output:5']]]);
    const r = forward(['push_vlan:0x8100', 'group:1', 'output:7'], flow(1), ctx([g]));
    expect(r.outputs).toEqual([
      { port: 5, sizeDelta: 0 },
      { port: 7, sizeDelta: 4 },
    ]);
  });

  it('a missing group forwards nothing: no-group', () => {
    expect(forward(['group:4'], flow(1), ctx())).toMatchObject({ dropped: 'no-group' });
  });

  it('select: each flow to one bucket, spread over all buckets, by the hashed fields only', () => {
    const g = group(2, 'select', [
      ['', ['output:11']],
      ['', ['output:12']],
      ['', ['output:13']],
    ]);
    const c = ctx([g], [], ['ipsa', 'ipda']);
    const flows = Array.from({ length: 300 }, (_, i) => flow(i + 1));
    const chosen = flows.map((f) => ports(['group:2'], f, c));
    for (const p of chosen) expect(p).toHaveLength(1);
    const counts = [11, 12, 13].map((p) => chosen.filter((c) => c[0] === p).length);
    for (const n of counts) expect(n).toBeGreaterThan(50);
    // flows differing only in fields not hashed (L4 ports, MACs) go to the same bucket
    for (const f of flows.slice(0, 50)) {
      const twin = { ...f, id: f.id + 1000, tp_src: 1234, tp_dst: 80, dl_src: '02:00:00:00:00:09' };
      expect(ports(['group:2'], twin, c)).toEqual(ports(['group:2'], f, c));
    }
    // hashing other fields moves some flows
    const byPorts = ctx([g], [], ['src_port', 'dst_port']);
    const moved = flows.filter(
      (f) => ports(['group:2'], f, byPorts)[0] !== ports(['group:2'], f, c)[0],
    );
    expect(moved.length).toBeGreaterThan(0);
    expect(forward(['group:2'], flows[0]!, c).groups[0]).toMatchObject({ id: 2, type: 'select' });
  });

  it('select: the order of the hash fields does not matter; none enabled sends every flow to one bucket', () => {
    const f = flow(77);
    expect(selectHash(f, ['ipsa', 'dst_port'])).toBe(selectHash(f, ['dst_port', 'ipsa']));
    expect(selectHash(f, ['ether_type'])).toBe(selectHash(f, ['ethertype']));
    const g = group(2, 'select', [
      ['', ['output:11']],
      ['', ['output:12']],
    ]);
    const none = ctx([g], [], []);
    const all = Array.from({ length: 40 }, (_, i) => ports(['group:2'], flow(i + 1), none)[0]);
    expect(new Set(all)).toEqual(new Set([11]));
  });

  it('select: a bucket whose watch port is down takes no flows', () => {
    const g = group(2, 'select', [
      ['11', ['output:11']],
      ['12', ['output:12']],
    ]);
    const flows = Array.from({ length: 60 }, (_, i) => flow(i + 1));
    const up = flows.map((f) => ports(['group:2'], f, ctx([g]))[0]);
    expect(up).toContain(12);
    const down = flows.map((f) => ports(['group:2'], f, ctx([g], [12]))[0]);
    expect(new Set(down)).toEqual(new Set([11]));
    expect(forward(['group:2'], flows[0]!, ctx([g], [11, 12]))).toMatchObject({
      outputs: [],
      groups: [{ id: 2, type: 'select', bucket: null }],
      dropped: 'port-down',
    });
  });

  it('ff: the first bucket whose watch port is up; fails over when it goes down', () => {
    const g = group(3, 'ff', [
      ['21', ['output:21']],
      ['22', ['push_vlan:0x8100', 'output:22']],
    ]);
    expect(forward(['group:3'], flow(1), ctx([g]))).toMatchObject({
      outputs: [{ port: 21, sizeDelta: 0 }],
      groups: [{ id: 3, type: 'ff', bucket: 0 }],
    });
    expect(forward(['group:3'], flow(1), ctx([g], [21]))).toMatchObject({
      outputs: [{ port: 22, sizeDelta: 4 }],
      groups: [{ id: 3, type: 'ff', bucket: 1 }],
    });
    expect(forward(['group:3'], flow(1), ctx([g], [21, 22]))).toMatchObject({
      outputs: [],
      dropped: 'port-down',
    });
  });

  it('the type is read in any case (the device writes it upper case)', () => {
    const g = { ...group(1, 'all', [['', ['output:5']]]), type: 'ALL' as Group['type'] };
    expect(ports(['group:1'], flow(1), ctx([g]))).toEqual([5]);
  });
});
