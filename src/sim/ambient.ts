/**
 * A device is never silent: NTP syncs, SNMP polls, transceiver notices. These lines are
 * produced lazily when the log is read — every few seconds of device time on average, at
 * seeded pseudo-random instants — so an idle simulator costs nothing and a given seed
 * tells the same story.
 */
import { hash32 } from './prng.js';
import type { SimState } from './state.js';

const MEAN_GAP_MS = 8000;
/** Never fabricate more than this many lines at once (after a long idle period). */
const MAX_BURST = 50;

const EVENTS: ReadonlyArray<(n: number) => string> = [
  (n) => `ntp: clock synchronized to 192.0.2.123 (offset ${(n % 17) / 10} ms)`,
  (n) => `snmp: get-bulk from 192.0.2.${50 + (n % 5)} (ifTable)`,
  () => 'sfp: eth-0-21/3 transceiver not present',
  (n) => `system: fan ${1 + (n % 4)} speed adjusted`,
  (n) => `web: session ${n % 997} expired`,
  (n) => `ports: eth-0-${1 + (n % 6)} rx pause frames received`,
];

const next = new WeakMap<SimState, { at: number; n: number }>();

const running = new WeakSet<SimState>();

export function ambientLog(state: SimState): void {
  if (running.has(state)) return; // our own appends call back in here
  running.add(state);
  try {
    const now = state.now();
    let cursor = next.get(state) ?? { at: state.bootedAt + 2000, n: 0 };
    let burst = 0;
    while (cursor.at <= now && burst < MAX_BURST) {
      const h = hash32(state.seed, cursor.n, 0xa11);
      const gap = MEAN_GAP_MS * (0.25 + 1.5 * ((h >>> 12) / 0x100000));
      const at = cursor.at;
      cursor = { at: cursor.at + gap, n: cursor.n + 1 };
      next.set(state, cursor);
      state.log.append(EVENTS[h % EVENTS.length]!(h >>> 8), at);
      burst++;
    }
    if (cursor.at <= now) next.set(state, { at: now + MEAN_GAP_MS / 2, n: cursor.n });
  } finally {
    running.delete(state);
  }
}
