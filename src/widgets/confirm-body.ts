/**
 * The text of every confirmation of the console, built here once (issue 28, "one
 * confirmation"): what the change does, what it sends — each operation's own `describe()`,
 * nothing else — then the notes, why `R` would be incomplete or why there is none, and the
 * save-point box. A screen's dialog (`dialog.ask`, confirmLines) and a change plan
 * (ChangeDialog: Rules, Groups, the Journal's undo) both show it through ConfirmPanel
 * (confirm-panel.tsx). Pure: lines with their style, and their wrapping to a width.
 */
import { incompleteRevertLine } from '../guard/levels.js';
import { sanitize } from '../model/index.js';
import type { Operation } from '../ops/operation.js';
import { requestText } from '../ops/sends.js';
import type { ConfirmLine } from './confirm-view.js';
import { textWidth } from './text.js';

/** What a confirmation asks about. */
export interface ConfirmAsk {
  /** What the change does, above what it sends. */
  lead?: readonly ConfirmLine[];
  /** What `yes` sends, in order. */
  ops: readonly Operation[];
  /** The requests are on their way (`Sending …`), no longer a question. */
  sending?: boolean;
  /** Why `R`'s revert would be incomplete for this account, once checked. */
  incomplete?: string | undefined;
  /** Lines under what it sends: notes, what else the change does. */
  more?: readonly ConfirmLine[];
  /** Why the change offers no `R`. */
  noRevert?: string | null | undefined;
  /** The "save a rule save-point first" box (null or absent: none). */
  saveFirst?: boolean | null;
}

export const noRevertLine = (why: string): ConfirmLine => ({
  text: `no auto-revert: ${why}`,
  dim: true,
});

/**
 * What it sends: `Sends POST /device/idled activated=true.` for one request; for several,
 * `Sends 3 requests, in this order:` and each numbered, its parameters indented under it.
 */
export function sendsLines(ops: readonly Operation[], sending = false): ConfirmLine[] {
  const verb = sending ? 'Sending' : 'Sends';
  const [only] = ops;
  if (!only) return [];
  if (ops.length === 1) return [`${verb} ${requestText(only)}.`];
  return [
    `${verb} ${ops.length} requests, in this order:`,
    ...ops.flatMap((op, i): ConfirmLine[] => {
      const [request, params] = op.describe();
      return [
        { text: `${i + 1}. ${request}`, bold: true },
        ...(params ? [{ text: `   ${params}`, dim: true }] : []),
      ];
    }),
  ];
}

/** The confirmation's body, in its one order. */
export function confirmBody(a: ConfirmAsk): ConfirmLine[] {
  return [
    ...(a.lead ?? []),
    ...sendsLines(a.ops, a.sending),
    ...(a.incomplete ? [{ text: incompleteRevertLine(a.incomplete), color: 'yellow' }] : []),
    ...(a.more ?? []),
    ...(a.noRevert ? [noRevertLine(a.noRevert)] : []),
    ...(a.saveFirst === true || a.saveFirst === false
      ? [`[${a.saveFirst ? 'x' : ' '}] save a rule save-point before applying (Tab toggles)`]
      : []),
  ];
}

export function lineText(line: ConfirmLine): string {
  return typeof line === 'string' ? line : line.text;
}

function withText(line: ConfirmLine, text: string): ConfirmLine {
  return typeof line === 'string' ? text : { ...line, text };
}

/** Splits one line at spaces so that no piece is wider than `width` (long words are cut). */
export function wrapLine(line: ConfirmLine, width: number): ConfirmLine[] {
  const text = sanitize(lineText(line));
  const w = Math.max(8, width);
  if (textWidth(text) <= w) return [withText(line, text)];
  const indent = /^ */.exec(text)?.[0] ?? '';
  const out: string[] = [];
  let current = '';
  for (const word of text.trim().split(/ +/)) {
    const candidate = current === '' ? `${indent}${word}` : `${current} ${word}`;
    if (textWidth(candidate) <= w) {
      current = candidate;
      continue;
    }
    if (current !== '') out.push(current);
    current = `${indent}${word}`;
    while (textWidth(current) > w) {
      out.push(current.slice(0, w));
      current = current.slice(w);
    }
  }
  if (current !== '') out.push(current);
  return out.map((t) => withText(line, t));
}

export function wrapLines(lines: readonly ConfirmLine[], width: number): ConfirmLine[] {
  return lines.flatMap((l) => wrapLine(l, width));
}
