/**
 * The console's memory policy. V8 sizes its heap for speed: under a steady stream of poll
 * answers it keeps a 32 MB young generation and old-space headroom of about twice the live
 * data, so a console holding 40 MB of live data sat at 165 MB RSS after 10,000 fast poll
 * cycles. `--optimize-for-size` is read by V8 at each sizing decision, so it can be set at
 * run time, and brings that run to about 100 MB (docs/performance.md). With a huge data set
 * (65,536 rules, ~90 MB live) the same flag makes full collections frequent and keys slow
 * (Rules p95 35 → 100+ ms), so it is on unless the console holds such a table. With such a
 * table V8 would let the old generation grow to several times the live data between full
 * collections (every poll of it leaves garbage: ~100 MB while the answer was decoded and parsed
 * whole, ~50 MB since it is parsed from its bytes, a slice of rules at a time):
 * the growth factor is capped instead (`--heap-growing-percent`, also read at each sizing
 * decision): at 1.3 it kept the 65,536-rule Rules screen under 300 MB RSS (from 437 MB), at
 * 1.15 its usual peak is ~25 MiB lower still (230–242 MiB against 244–279) with keys during
 * polls no slower on a quiet host (docs/performance.md, "Memory at 65,536 rules").
 *
 * V8 sets the old generation's next limit at each full collection, from the flags in force
 * then. The first huge answer is read before the policy (checked once a second) sees it: a
 * full collection during that read, in size mode (or V8's own, before the policy starts),
 * could set a limit so high that the next polls' garbage piled up with no full collection
 * (bench/memory.mjs: peaks of 294 and 360 MiB, each once in some forty runs; with the policy
 * checked every 3 s, 382 MiB, 20 s without one). So entering the huge-table mode also asks
 * for one full collection (~80 ms, once per entry), which sets the limit under the capped
 * growth.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface MemoryPolicyOptions {
  /** Whether the console now holds a data set too large to collect often. */
  large: () => boolean;
  everyMs?: number;
  /** For tests: the V8 flag setter. */
  setFlags?: (flags: string) => void;
  /** For tests: a full garbage collection (V8's `gc`, exposed when first asked for). */
  collect?: () => void;
}

/** Rules beyond which the console optimizes for speed, not size (4,096 fill a TCAM). */
export const LARGE_RULE_TABLE = 16_384;

/** The V8 flags of each mode, and V8's own defaults. */
export const SIZE_FLAGS = '--optimize-for-size --heap-growing-percent=0';
export const LARGE_FLAGS = '--no-optimize-for-size --heap-growing-percent=15';
export const DEFAULT_FLAGS = '--no-optimize-for-size --heap-growing-percent=0';

/** Starts the policy; returns a function that stops it (and leaves V8 as it found it). */
export function startMemoryPolicy(options: MemoryPolicyOptions): () => void {
  const set = options.setFlags ?? ((flags: string) => v8.setFlagsFromString(flags));
  const collect = options.collect ?? fullCollection;
  let small: boolean | undefined;
  const check = () => {
    const next = !options.large();
    if (next !== small) {
      small = next;
      set(small ? SIZE_FLAGS : LARGE_FLAGS);
      if (!small) collect();
    }
  };
  check();
  const timer = setInterval(check, options.everyMs ?? 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    set(DEFAULT_FLAGS);
  };
}

let gc: (() => void) | undefined;

/**
 * A full collection now: V8's `gc`, which `--expose-gc` installs in contexts made after it is
 * set (this process's main context was made before: a new one lends its `gc`).
 */
function fullCollection(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
