/**
 * A console dialog's writes take their base when the dialog asks (issue 31): `noteSeen` reads
 * each operation's objects as the operator is shown them — the rule table from what the
 * console holds, the rest as the question appears — and the executor's base check
 * (base-check.ts) takes that base for the very same operation objects when they are sent
 * after the answer. An operation noted nowhere keeps its own base.
 */
import type { Client } from '../api/index.js';
import { type Base, plainState } from './base.js';
import type { Operation } from './operation.js';

const noted = new WeakMap<Operation, Promise<Base>>();

/** Records the base of each of `ops` that has none of its own, read through `seen` now. */
export function noteSeen(ops: readonly Operation[], seen: Client): void {
  for (const op of ops) {
    const read = op.read;
    if (op.base.from !== 'send' || !read || noted.has(op)) continue;
    const base = read(seen, 'before').then(
      (state): Base => ({ from: 'seen', state: plainState(state) }),
      (): Base => op.base, // not readable now: the executor's own read is the base
    );
    noted.set(op, base);
  }
}

/** The base `op` is checked against: the one noted when it was asked, else its own. */
export async function baseOf(op: Operation): Promise<Base> {
  return (await noted.get(op)) ?? op.base;
}
