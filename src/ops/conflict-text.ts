/**
 * The three-way text of a conflict, per object a refused write touches: `base` (as the
 * operator saw it when the write was planned), `theirs` (as the device has it now: someone
 * else changed it) and `yours` (the request that was not sent). The CLI prints it under its
 * exit-5 line; the console's three-way view shows the same lines. Device text is sanitized.
 */
import { sanitizeLine } from '../model/index.js';
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
  return items.map((x) => sanitizeLine(canonical(x)));
}

const labelled = (label: string, lines: string[]) =>
  lines.map((l, i) => `    ${i === 0 ? label : ' '.repeat(label.length)} ${l}`);

/** `  PUT /rules …` then its base, theirs and yours lines. */
export function movedLines(m: Moved): string[] {
  return [
    `  ${requestText(m.op)}`,
    ...labelled('base:  ', stateLines(m.base)),
    ...labelled('theirs:', stateLines(m.theirs)),
    ...labelled('yours: ', [requestText(m.op)]),
  ];
}

export const conflictLines = (moved: readonly Moved[]): string[] => moved.flatMap(movedLines);
