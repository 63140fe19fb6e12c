/**
 * A write given the base the operator saw (base.ts): its own state reader run over `seen`,
 * a client answering what they were shown (the console's store, a plan's one read).
 */
import type { Client } from '../api/index.js';
import { plainState } from './base.js';
import type { Operation } from './operation.js';

/** `op` with the base the operator saw: its reader run over `seen` (what they were shown). */
export async function seenThrough<R>(op: Operation<R>, seen: Client): Promise<Operation<R>> {
  if (!op.read) return { ...op, base: { from: 'none' } };
  return { ...op, base: { from: 'seen', state: plainState(await op.read(seen, 'before')) } };
}
