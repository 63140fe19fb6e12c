/**
 * Dialogs a screen opens over its body: a form, a confirmation (with the diff or summary
 * of what will happen), a busy note while a request runs, or a scrollable text view
 * (content, diff, a failure). While one is open it takes every key.
 */

import { sanitize } from '../../model/index.js';
import { ConflictError } from '../../ops/conflict.js';
import type { Operation } from '../../ops/operation.js';
import {
  type ConfirmAsk,
  confirmBody,
  lineText,
  noRevertLine,
  wrapLine,
  wrapLines,
} from '../../widgets/confirm-body.js';
import type { TextField } from '../../widgets/forms/field.js';
import type { FormState, FormValues } from '../../widgets/forms/form-state.js';
import type { RevertOffer } from './sends.js';

export type { RevertOffer } from './sends.js';

export type Line = string | { text: string; color?: string; bold?: boolean; dim?: boolean };

export interface Choice {
  key: string;
  label: string;
  run: () => void;
}

/** The line a confirmation without `R` shows: why the change has no auto-revert. */
export { lineText, noRevertLine, wrapLine, wrapLines };

export type Dialog =
  | {
      kind: 'form';
      title: string;
      lines?: Line[];
      form: FormState;
      /** Returns a message to keep the form open with that error; nothing to close it. */
      // biome-ignore lint/suspicious/noConfusingVoidType: most handlers return nothing at all
      onSubmit: (values: FormValues) => string | null | undefined | void;
    }
  | {
      kind: 'confirm';
      title: string;
      /** What the change does, above what it sends. */
      lines: Line[];
      /**
       * What the first choice sends, in order: the confirmation shows each operation's own
       * `describe()` (`Sends …`) and offers `R` when they have a revert recipe. Empty: the
       * device is sent nothing (a local file is written).
       */
      ops: readonly Operation[];
      /** Lines under what it sends (a note, what a revert would not restore, …). */
      more?: Line[];
      /** Keys that go ahead; any other key (except scrolling) cancels. */
      choices: Choice[];
      /** Said when the operator cancels. */
      cancelled?: string;
      /**
       * `R` sends the first choice with auto-revert (or the line says why not); by default
       * the revert of `ops` (set when the dialog opens).
       */
      revert?: RevertOffer;
      /**
       * Why `R`'s revert would be incomplete for the logged-in account (its level may not send
       * some revert step), once checked: shown above the keys; `R` arms only what was shown.
       */
      incomplete?: string;
      /** `R` was pressed: the revert time being edited. */
      revertTime?: { time: TextField; error?: string };
    }
  | { kind: 'busy'; title: string; lines?: Line[]; onCancel?: () => void }
  | {
      kind: 'view';
      title: string;
      lines: Line[];
      /** Extra keys while the view is open (e.g. a diff's own actions); true when used. */
      keys?: (key: string) => boolean;
      footer?: string;
      onClose?: () => void;
    };

/** What a dialog's work ends with: a status-line message, or the dialog to open next. */
export type RunResult = string | { message?: string; next?: Dialog } | undefined;

/** The lines of a failure: the device's (or the network's) message, then any notes. */
export function failureLines(error: unknown, notes: readonly Line[] = []): Line[] {
  const message = error instanceof Error ? error.message : String(error);
  // a conflict's base / theirs / yours (issue 31), as the CLI prints them under exit 5
  const detail =
    error instanceof ConflictError ? ['', ...error.detail.map((l) => sanitize(l))] : [];
  return [
    { text: sanitize(message), color: 'red' },
    ...detail,
    ...(notes.length ? ['', ...notes] : []),
  ];
}

/**
 * A form's write refused because the device moved since the form was opened (issue 31): the
 * three-way lines, and the way back — the form as typed; submitting it asks again, checked
 * against the device as it is then (the operator's values on top of theirs).
 */
export function conflictView(title: string, error: ConflictError, back: () => void): Dialog {
  return {
    kind: 'view',
    title: `${title} — not sent`,
    lines: [
      {
        text: 'Someone changed this on the device since the form was opened — nothing was sent.',
        color: 'red',
      },
      'Enter or Esc: back to the form as you typed it; submitting asks again, against the device as it is now.',
      ...failureLines(error).slice(1),
    ],
    onClose: back,
  };
}

type ConfirmDialog = Extract<Dialog, { kind: 'confirm' }>;

/** A question before a write: what it does, the operations it sends, one `y` that sends them. */
export interface Ask {
  title: string;
  /** What the change does, above what it sends. */
  lines?: Line[];
  /** What `yes` sends, in order (shown as their own describe(); `R` reverts them). */
  ops: readonly Operation[];
  /** Lines under what it sends. */
  more?: Line[];
  yes: () => void;
  /** The `y` choice's label ('go ahead'). */
  yesLabel?: string;
  /** Enter answers `y` as well. */
  enterToo?: boolean;
  cancelled?: string;
  /** `R`, when it is not simply the revert of `ops`. */
  revert?: RevertOffer;
}

/** The confirmation dialog of a question. */
export function askDialog(a: Ask): ConfirmDialog {
  const label = a.yesLabel ?? 'go ahead';
  return {
    kind: 'confirm',
    title: a.title,
    lines: a.lines ?? [],
    ops: a.ops,
    ...(a.more ? { more: a.more } : {}),
    choices: [
      { key: 'y', label, run: a.yes },
      ...(a.enterToo
        ? [{ key: 'enter', label: `${label.split(' ')[0]}s it too`, run: a.yes }]
        : []),
    ],
    ...(a.cancelled ? { cancelled: a.cancelled } : {}),
    ...(a.revert ? { revert: a.revert } : {}),
  };
}

/**
 * A confirmation's text: what it does, what it sends (`describe()`), notes, why no `R` — the
 * one confirmation body (confirm-body.ts), as the change plans show it too.
 */
export function confirmLines(d: ConfirmDialog): Line[] {
  return confirmBody(confirmAsk(d));
}

/** What a screen's confirmation dialog asks, as the one confirmation body takes it. */
export function confirmAsk(d: ConfirmDialog): ConfirmAsk {
  return {
    lead: d.lines,
    ops: d.ops,
    incomplete: d.incomplete,
    ...(d.more ? { more: d.more } : {}),
    noRevert: d.revert?.plan.kind === 'none' ? d.revert.plan.why : null,
  };
}

/** `choice key label · …` for the confirmation's last line. */
export function choiceLine(choices: readonly Choice[], ...more: string[]): string {
  return [...choices.map((c) => `${c.key} ${c.label}`), ...more, 'any other key cancels'].join(
    ' · ',
  );
}
