/**
 * Brings the expiry of pending auto-revert `id` (state directory `dir`) forward to now, as
 * the clock would: the guard reads the expiry from the pending file on each of its polls
 * (src/guard/guard.ts), so it reverts at once. A test arms with a long timer (nothing can
 * expire before it has looked), then calls this instead of waiting out the timer.
 */
import { transition } from '../../src/guard/pending.js';

export function expireNow(dir: string, id: string): void {
  const e = transition(id, 'pending', 'pending', { expiresAt: Date.now() }, { PBC_STATE_DIR: dir });
  if (!e) throw new Error(`auto-revert ${id} is no longer pending`);
}
