/**
 * TCAM capacity by rule storage mode. In `ipv6` mode entries are double-wide, so half as
 * many fit. The device reports `maximum_flows` as a lower bound and in fact accepts up to
 * 2 % more before it refuses a rule set with "TCAM full".
 */
import type { StorageMode } from '../model/index.js';

const MAXIMUM_FLOWS: Record<StorageMode, number> = { simple: 4096, ipv6: 2048 };
const OVERCOMMIT = 0.02;

export interface Capacity {
  /** What the device reports as maximum_flows (a lower bound). */
  maximum: number;
  /** The most entries the device actually accepts. */
  hardLimit: number;
}

export function capacity(mode: StorageMode): Capacity {
  const maximum = MAXIMUM_FLOWS[mode];
  return { maximum, hardLimit: Math.floor(maximum * (1 + OVERCOMMIT)) };
}

export function isStorageMode(s: unknown): s is StorageMode {
  return s === 'simple' || s === 'ipv6';
}
