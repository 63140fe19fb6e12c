/**
 * The most traffic a match can take: what its input ports receive. A packet reaches a rule
 * only through a port its `in_port` names, so a rule that names ports takes at most the sum of
 * their measured rx, however much the rules it overlaps carry from other ports (issue 29:
 * `in_port=3` alone read "takes 17.1M–15.1Gb/s" while port 3 received ~150 Mb/s).
 */
import type { normalMatch } from '../tcam/shadow.js';
import type { LoadPort } from './load.js';
import { inPortsOf } from './unmatched.js';

/**
 * Σ rx (bit/s) of the input ports the match names; null when it names none (every port: no
 * bound) or one of them has no measured rx (unknown, so no bound is claimed).
 */
export function rxCeiling(
  match: ReturnType<typeof normalMatch>,
  ports: readonly LoadPort[],
): number | null {
  const named = match.valid ? inPortsOf(match) : null;
  if (named === null) return null;
  let sum = 0;
  for (const no of named) {
    const rx = ports.find((p) => p.no === no)?.rxBps;
    if (rx === null || rx === undefined) return null;
    sum += rx;
  }
  return sum;
}

/** A rate bounded by the ceiling (none: as it is). */
export const capped = (bps: number, ceiling: number | null): number =>
  ceiling === null ? bps : Math.min(bps, ceiling);
