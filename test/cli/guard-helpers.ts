/** Helpers of the guarded-change tests (guard.test.ts, guard-writes.test.ts). */
import { json } from './helpers.js';
import type { Operator } from './revert-helpers.js';

/** The rule table as priority, match and actions (what a revert must restore). */
export async function rules(op: Operator): Promise<string[]> {
  return json(await op.ok(['get', 'rules', '-o', 'json']))
    .map((r: { priority: number; match: unknown; actions: unknown }) =>
      JSON.stringify([r.priority, r.match, r.actions]),
    )
    .sort();
}

/** The pending entry `id`, as the guard left it. */
// biome-ignore lint/suspicious/noExplicitAny: pending entries are inspected dynamically
export const entry = (op: Operator, id: string): any =>
  op.file().find((r: { id: string }) => r.id === id);

/** The guard of `id` is done: tripped and reverted, kept, or failed. */
export const finished = (op: Operator, id: string) => () =>
  !['pending', 'reverting', undefined].includes(entry(op, id)?.state);

/** The journal's entries (`pbc journal -o json`) that carry the guard's record. */
// biome-ignore lint/suspicious/noExplicitAny: journal entries are inspected dynamically
export async function guardedEntries(op: Operator): Promise<any[]> {
  return json(await op.ok(['journal', '-o', 'json'])).filter((e: { guard?: unknown }) => e.guard);
}
