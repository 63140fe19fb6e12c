/**
 * The base of a write: the objects it touches as the operator saw them when the write was
 * planned (issue 31, "no lost update"). It is the operation's own state reader (`read`, the
 * journal's before-state: the rules a key reaches, a group by id, a port's settings, a
 * save-point, a user …) run over what the operator saw — so "absent" is `[]`/`null` exactly
 * as the reader says it, and the executor compares it with the same reader's answer from the
 * device right before sending (base-check.ts).
 *
 * - `seen`: the state as the operator saw it (the console's store when the editor or the
 *   confirmation opened; the CLI's read before planning: `apply -f`, `diff --out`, a plan file).
 * - `send`: the operator saw nothing of the device (a CLI write built from its arguments
 *   alone): the executor's before-read is the base, so there is nothing it can have missed.
 * - `none`: the write touches nothing that can be read (reset counters, a reboot).
 */

export type Base = { from: 'seen'; state: unknown } | { from: 'send' } | { from: 'none' };

/** JSON with bigints as text and keys sorted: how two states are compared and shown. */
export function canonical(v: unknown): string {
  return JSON.stringify(sorted(v)) ?? 'null';
}

function sorted(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(sorted);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sorted(o[k])]),
    );
  }
  return v;
}

/** The state as plain JSON (bigints as text): what a plan file keeps. */
export const plainState = (v: unknown): unknown => JSON.parse(canonical(v));

/** The base of an operation built without one: what its reader allows. */
export const defaultBase = (readable: boolean): Base =>
  readable ? { from: 'send' } : { from: 'none' };
