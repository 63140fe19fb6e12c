/**
 * The health watch inside the guard process (guard.ts calls `step` on every turn of its
 * loop): the pre-change samples first (two, an interval apart: rates need two), then, once
 * the change was sent, a sample every interval until the window ends. The first sample
 * after the change only fixes what the change affects (its rates straddle the change);
 * from the second on, each view is judged (health-trip.ts). The timeline of the affected
 * ports is kept as it goes and written to the pending entry at the end.
 */
import type { Client } from '../api/index.js';
import { type Sample, takeSample, type View, viewOf } from './health-sample.js';
import type { HealthSpec } from './health-spec.js';
import type { HealthState, TimelinePoint } from './health-state.js';
import { type Trip, tripOf, type Watched, watchedOf } from './health-trip.js';
import { type PendingRevert, patchHealth } from './pending.js';

export type HealthStep =
  | { type: 'wait' }
  | { type: 'trip'; trip: NonNullable<HealthState['trip']> }
  /** The window ended without a trip and there is no revert timer: keep the change. */
  | { type: 'keep' };

const round = (v: number | null) => (v === null ? null : Math.round(v));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** At most this many points in the timeline (the first ones and the latest ones kept). */
const TIMELINE_MAX = 120;

export class HealthWatch {
  private base?: View;
  private last?: Sample;
  private watched?: Watched;
  private samples = 0;
  private nextAt = 0;
  private readonly points: TimelinePoint[] = [];
  private readonly spec: HealthSpec;

  constructor(
    private readonly id: string,
    private readonly client: Client,
    state: HealthState,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.spec = state.spec;
  }

  /** One turn: the pre-change samples, or a sample when one is due; what to do. */
  async step(entry: PendingRevert): Promise<HealthStep> {
    const h = entry.health;
    if (!h) return { type: 'wait' };
    if (!this.base) {
      await this.baseline();
      return { type: 'wait' };
    }
    if (h.sentAt === undefined || h.untilAt === undefined) return { type: 'wait' };
    const now = Date.now();
    // without a revert timer the window's end is the expiry: the change is kept
    if (h.keepAtEnd && now >= Math.min(h.untilAt, entry.expiresAt)) return { type: 'keep' };
    if (now >= h.untilAt) return { type: 'wait' };
    if (this.nextAt === 0) this.nextAt = h.sentAt + this.spec.intervalMs;
    if (now < this.nextAt) return { type: 'wait' };
    this.nextAt +=
      this.spec.intervalMs * Math.max(1, Math.ceil((now - this.nextAt + 1) / this.spec.intervalMs));
    const trip = await this.sample();
    return trip ? { type: 'trip', trip } : { type: 'wait' };
  }

  /** Two samples an interval apart, before the change is sent; says so in the entry. */
  private async baseline(): Promise<void> {
    try {
      const a = await takeSample(this.client);
      await sleep(Math.min(this.spec.intervalMs, 2000));
      const b = await takeSample(this.client);
      this.base = viewOf(a, b);
      this.last = b;
      this.point(this.base, true);
      patchHealth(this.id, { baselineAt: Date.now() }, this.env);
    } catch (e) {
      patchHealth(this.id, { baselineError: (e as Error).message }, this.env);
      throw e;
    }
  }

  /** A sample after the change: judged from the second on. */
  private async sample(): Promise<HealthState['trip']> {
    let cur: Sample;
    try {
      cur = await takeSample(this.client);
    } catch (e) {
      patchHealth(this.id, { error: (e as Error).message }, this.env);
      return undefined;
    }
    const prev = this.last!;
    this.last = cur;
    this.samples++;
    const view = viewOf(prev, cur);
    if (!this.watched) this.watched = watchedOf(this.base!, view, this.spec.toolPorts);
    this.point(view);
    patchHealth(this.id, { samples: this.samples }, this.env);
    if (this.samples < 2) return undefined;
    const trip: Trip | undefined = tripOf(this.spec, this.watched, this.base!, view);
    return trip ? { ...trip, sample: this.samples, at: cur.at } : undefined;
  }

  private point(v: View, before?: true): void {
    const names = this.watched ? new Set(this.watched.ports) : undefined;
    const ports: TimelinePoint['ports'] = {};
    for (const p of v.ports)
      if (!names || names.has(p.no))
        ports[p.name] = { tx_bps: round(p.txBps), tx_drop_pps: round(p.txDropPps) };
    this.points.push({ time: new Date(v.at).toISOString(), ...(before ? { before } : {}), ports });
    if (this.points.length > TIMELINE_MAX) this.points.splice(TIMELINE_MAX / 2, 1);
  }

  /** The affected ports' rates, before the change to now (the pre-change point narrowed). */
  timeline(): TimelinePoint[] {
    const names = new Set(
      (this.base?.ports ?? []).filter((p) => this.watched?.ports.includes(p.no)).map((p) => p.name),
    );
    return this.points.map((pt) => ({
      ...pt,
      ports: Object.fromEntries(Object.entries(pt.ports).filter(([n]) => names.has(n))),
    }));
  }

  close(): void {
    void this.client.close().catch(() => {});
  }

  /** Writes the timeline (and the samples taken) into the entry. */
  record(): void {
    try {
      patchHealth(this.id, { timeline: this.timeline(), samples: this.samples }, this.env);
    } catch {
      // the pending file is corrupt: the journal keeps the timeline
    }
  }
}
