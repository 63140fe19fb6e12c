/** An entry of the pending file (src/guard/pending.ts) for tests: a plain auto-revert, waiting. */
import type { PendingRevert } from '../../src/guard/pending.js';

export const pendingEntry = (o: Partial<PendingRevert> = {}): PendingRevert => ({
  id: 'abc123',
  device: 'http://d/rest',
  what: 'rules add',
  createdAt: 0,
  expiresAt: 0,
  revert: [],
  cleanup: [],
  state: 'pending',
  guardPid: 0,
  updatedAt: 10,
  ...o,
});
