/**
 * The three-way text of a conflict, per object a refused write touches: `base` (as the
 * operator saw it when the write was planned), `theirs` (as the device has it now: someone
 * else changed it) and `yours` (the request that was not sent). The CLI prints it under its
 * exit-5 line; the console's three-way view shows the same lines. Device text is sanitized.
 */
import { sanitize } from '../model/index.js';
import { canonical } from './base.js';
import type { Operation } from './operation.js';
import { requestText } from './sends.js';

/** One operation whose objects moved since its base. */
export interface Moved {
  op: Operation;
  base: unknown;
  theirs: unknown;
}

/** A state as lines: `(absent)`, one line per object of a list, or the object. */
export function stateLines(v: unknown): string[] {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return ['(absent)'];
  const items = Array.isArray(v) ? v : [v];
  return items.map((x) => sanitize(canonical(x)));
}

const labelled = (label: string, lines: string[]) =>
  lines.map((l, i) => `    ${i === 0 ? label : ' '.repeat(label.length)} ${l}`);

const one = (v: unknown): Record<string, unknown> | undefined => {
  const x = Array.isArray(v) && v.length === 1 ? v[0] : v;
  return x !== null && typeof x === 'object' && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : undefined;
};

/**
 * One object on both sides (a rule, a group, a port's settings): only the fields that differ,
 * so base and theirs fit a line each; else the whole states.
 */
export function differing(base: unknown, theirs: unknown): [unknown, unknown] {
  const [b, t] = [one(base), one(theirs)];
  if (!b || !t) return [base, theirs];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(t)])].filter(
    (k) => canonical(b[k]) !== canonical(t[k]),
  );
  const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return [pick(b), pick(t)];
}

/** `  PUT /rules …` then its base, theirs (the fields that differ) and yours lines. */
export function movedLines(m: Moved): string[] {
  const [base, theirs] = differing(m.base, m.theirs);
  return [
    ...labelled('base:  ', stateLines(base)),
    ...labelled('theirs:', stateLines(theirs)),
    ...labelled('yours: ', [requestText(m.op)]),
  ];
}

export const conflictLines = (moved: readonly Moved[]): string[] => moved.flatMap(movedLines);
