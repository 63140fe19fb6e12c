/**
 * A guarded change's health watch as the pending file keeps it (`health` of the entry):
 * written by the process that armed it (spec, when the change was sent) and by the guard
 * (the pre-change sample taken, the samples after, the trip, the timeline); `patchHealth`
 * (pending.ts) changes it under the pending file's lock.
 */
import type { HealthSpec } from './health-spec.js';
import type { Trip } from './health-trip.js';

/** One sample of the affected ports: tx bit/s and tx drops/s per port name. */
export interface TimelinePoint {
  /** ISO time of the sample. */
  time: string;
  /** Before the change was sent (the pre-change rates). */
  before?: true;
  ports: Record<string, { tx_bps: number | null; tx_drop_pps: number | null }>;
}

export interface HealthState {
  spec: HealthSpec;
  /** No --revert-after: the change is kept when the window ends without a trip. */
  keepAtEnd: boolean;
  /** The guard took the pre-change samples (epoch ms); the change may be sent. */
  baselineAt?: number;
  /** Why the guard could not take them: the change is not sent. */
  baselineError?: string;
  /** The change was sent (epoch ms); the window runs to `untilAt`. */
  sentAt?: number;
  untilAt?: number;
  /** Samples taken since the change was sent. */
  samples?: number;
  /** The guard that tripped, on which sample after the change, and when (epoch ms). */
  trip?: Trip & { sample: number; at: number };
  /** The affected ports' rates from before the change to the end of the window. */
  timeline?: TimelinePoint[];
  /** The last sample that could not be read, if any. */
  error?: string;
}
