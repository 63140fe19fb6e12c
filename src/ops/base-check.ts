/**
 * The base check (issue 31): right before sending, the device's objects a write touches are
 * read once (the operation's own reader — the same read the journal keeps as the write's
 * before-state) and compared with the write's base (base.ts). When any differ nothing is
 * sent: ConflictError (exit 5) with base / theirs / yours per object (conflict-text.ts).
 * `force` sends anyway; the journal marks the write as forced.
 */
import type { Client } from '../api/index.js';
import { canonical } from './base.js';
import { ConflictError } from './conflict.js';
import { conflictLines, type Moved } from './conflict-text.js';
import type { Operation } from './operation.js';
import { readOnce } from './read-once.js';
import { baseOf } from './seen-at-ask.js';

/** What the check read: each checked operation's objects as the device has them now. */
export interface Checked {
  now: Map<Operation, unknown>;
  /** Operations sent with --force although their objects had moved. */
  forced: Set<Operation>;
}

/**
 * Reads the objects of each of `ops` with a seen base from the device (each list once) and
 * answers them (and those forced); throws ConflictError when any differ from its base, unless `force`.
 */
export async function checkBases(
  client: Client,
  ops: readonly Operation[],
  force = false,
): Promise<Checked> {
  const device = readOnce(client);
  const now = new Map<Operation, unknown>();
  const moved: Moved[] = [];
  for (const op of ops) {
    // only a base the operator saw has something to compare
    const seen = await baseOf(op);
    if (seen.from !== 'seen' || !op.read) continue;
    const theirs = await op.read(device, 'before');
    now.set(op, theirs);
    if (canonical(seen.state) !== canonical(theirs)) moved.push({ op, base: seen.state, theirs });
  }
  if (moved.length > 0 && !force) throw conflictOf(moved);
  return { now, forced: new Set(moved.map((m) => m.op)) };
}

function conflictOf(moved: Moved[]): ConflictError {
  const n = moved.length;
  return new ConflictError(
    `refused: ${n === 1 ? 'what this write touches has' : `what ${n} of these writes touch have`} changed on the device since it was planned (another operator?); nothing was sent — reload and confirm again, or --force to overwrite`,
    'base',
    conflictLines(moved),
  );
}
