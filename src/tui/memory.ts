/**
 * The console's memory policy. V8 sizes its heap for speed: under a steady stream of poll
 * answers it keeps a 32 MB young generation and old-space headroom of about twice the live
 * data, so a console holding 40 MB of live data sat at 165 MB RSS after 10,000 fast poll
 * cycles. `--optimize-for-size` is read by V8 at each sizing decision, so it can be set at
 * run time, and brings that run to about 100 MB (docs/performance.md). With a huge data set
 * (65,536 rules, ~90 MB live) the same flag makes full collections frequent and keys slow
 * (Rules p95 35 → 100+ ms), so it is on unless the console holds such a table.
 */
import v8 from 'node:v8';

export interface MemoryPolicyOptions {
  /** Whether the console now holds a data set too large to collect often. */
  large: () => boolean;
  everyMs?: number;
  /** For tests: the V8 flag setter. */
  setFlags?: (flags: string) => void;
}

/** Rules beyond which the console optimizes for speed, not size (4,096 fill a TCAM). */
export const LARGE_RULE_TABLE = 16_384;

/** Starts the policy; returns a function that stops it (and leaves V8 as it found it). */
export function startMemoryPolicy(options: MemoryPolicyOptions): () => void {
  const set = options.setFlags ?? ((flags: string) => v8.setFlagsFromString(flags));
  let small: boolean | undefined;
  const check = () => {
    const next = !options.large();
    if (next !== small) {
      small = next;
      set(small ? '--optimize-for-size' : '--no-optimize-for-size');
    }
  };
  check();
  const timer = setInterval(check, options.everyMs ?? 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (small) set('--no-optimize-for-size');
  };
}
