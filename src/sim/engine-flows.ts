/**
 * The engine's flows and where each one goes now, by flow id (ids are small integers, given
 * in order, so id order is the order the flows were added in). What the hot paths read per
 * flow — its in_port, share of the port's rx, added rate and packet size — sits in typed
 * arrays; its rule record and forwarding in plain arrays beside them.
 */
import type { Forwarding } from '../traffic/index.js';
import type { RuleRec } from './engine-rules.js';
import type { SimFlow } from './flows.js';

export class FlowTable {
  /** The flow by id (undefined: no such flow). */
  sim: (SimFlow | undefined)[] = [];
  /** Its rule (null: unmatched) and what that rule's actions do with it (null: unmatched). */
  win: (RuleRec | null)[] = [];
  fw: (Forwarding | null)[] = [];
  port = new Int32Array(0);
  share = new Float64Array(0);
  /** Added flows' constant rate, bit/s (0 for profile flows). */
  added = new Float64Array(0);
  size = new Float64Array(0);
  /**
   * What forwarding without groups depends on: its ethertype, whether it is VLAN-tagged,
   * whether it is GRE (engine-rules.ts memoizes the forwarding by it).
   */
  shape = new Int32Array(0);
  private n = 0;

  get count(): number {
    return this.n;
  }

  /** Keeps the flow under its id (flow.id), unclassified. */
  put(sim: SimFlow): void {
    const id = sim.flow.id;
    if (id >= this.port.length) this.grow(id + 1);
    if (this.sim[id] === undefined) this.n++;
    this.sim[id] = sim;
    this.win[id] = null;
    this.fw[id] = null;
    this.port[id] = sim.flow.in_port;
    this.share[id] = sim.share;
    this.added[id] = sim.addedBps;
    this.size[id] = sim.flow.packet_size;
    const f = sim.flow;
    this.shape[id] = f.dl_type * 4 + (f.vlan === undefined ? 0 : 2) + (f.nw_proto === 47 ? 1 : 0);
  }

  remove(id: number): void {
    if (this.sim[id] === undefined) return;
    this.n--;
    this.sim[id] = undefined;
    this.win[id] = null;
    this.fw[id] = null;
  }

  clear(): void {
    this.sim = [];
    this.win = [];
    this.fw = [];
    this.n = 0;
  }

  has(id: number): boolean {
    return this.sim[id] !== undefined;
  }

  /** The ids of the flows, in the order they were added. */
  *ids(): Iterable<number> {
    const sim = this.sim;
    for (let id = 0; id < sim.length; id++) if (sim[id] !== undefined) yield id;
  }

  private grow(min: number): void {
    const cap = Math.max(min, this.port.length * 2, 1024);
    const wider = <T extends Int32Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.port = wider(this.port, new Int32Array(cap));
    this.share = wider(this.share, new Float64Array(cap));
    this.added = wider(this.added, new Float64Array(cap));
    this.size = wider(this.size, new Float64Array(cap));
    this.shape = wider(this.shape, new Int32Array(cap));
  }
}
