/**
 * The one confirmation component of the console (issue 28): a screen's dialog (`dialog.ask`,
 * DialogView) and a change plan (ChangeDialog: Rules, Groups, the Journal's undo) are both a
 * ConfirmPanel. Its body is the one confirmation text (confirm-body.ts: what it does, each
 * operation's describe(), notes, why no R); its keys line is built here, whatever the
 * confirmation: the choices with `R` and `G` where the change can be reverted, the word to
 * type, the revert time being edited, or why it cannot be sent. Drawn by the widget
 * ConfirmView; the keys themselves are the confirmations' reducers (confirm.tsx confirmKey,
 * use-revert.ts).
 */
import type { ReactElement } from 'react';
import { type ConfirmAsk, confirmBody, wrapLines } from './confirm-body.js';
import { GUARD_KEY, REVERT_KEY } from './confirm-keys.js';
import { type ConfirmLine, ConfirmView, confirmRoom } from './confirm-view.js';
import type { TextField } from './forms/field.js';
import { FieldText } from './forms/view.js';
import { Text } from './safe-text.js';
import { keyLines } from './text.js';

/** What `R` offers, in every confirmation of a change that can be reverted. */
export const REVERT_CHOICE = `${REVERT_KEY} send, revert in 5 min unless confirmed`;

/** What `G` offers beside `R`: a guarded change (the traffic watched, reverted if a guard trips). */
export const GUARD_CHOICE = `${GUARD_KEY} guarded`;

/** `R` (or `G`) was pressed: the auto-revert time (the guard window) being edited. */
export interface RevertTime {
  time: TextField;
  error?: string;
  guard?: true;
}

/** The words around the time being edited: after `R`, and after `G`. */
const TIME_WORDS = {
  revert: [
    'Apply, revert after ',
    ' unless confirmed (C)',
    'Enter applies with auto-revert (30s, 5m, 1m30s) · Esc back',
  ],
  guard: [
    'Guarded: watch the traffic for ',
    ', revert if a guard trips',
    'Enter sends (drops, oversub, quiet watched; kept at the end; C keeps now) · Esc back',
  ],
} as const;

/** The confirmation's last two lines while the auto-revert time (the guard window) is edited. */
export function revertFooter(revert: RevertTime): ReactElement[] {
  const [before, after, hint] = TIME_WORDS[revert.guard ? 'guard' : 'revert'];
  return [
    <Text key="t" wrap="truncate-end">
      <Text bold>{before}</Text>
      <FieldText field={revert.time} width={10} focused />
      <Text bold>{after}</Text>
    </Text>,
    <Text
      key="k"
      dimColor={!revert.error}
      color={revert.error ? 'red' : undefined}
      wrap="truncate-end"
    >
      {revert.error ?? hint}
    </Text>,
  ];
}

/** The keys line (`y go ahead · R … · G guarded · any other key cancels`), on `rows` lines. */
export function keysFooter(text: string, width: number, rows = 2, bold = true): ReactElement[] {
  return keyLines(text, Math.max(10, width - 4), rows).map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one footer, in order
    <Text key={i} bold={bold} wrap="truncate-end">
      {line}
    </Text>
  ));
}

/** Why this session cannot send it, then how to go back. */
export function refusedFooter(why: string): ReactElement[] {
  return [
    <Text key="r" color="red" bold wrap="truncate-end">
      ✖ cannot send: {why}
    </Text>,
    <Text key="k" dimColor wrap="truncate-end">
      Esc goes back
    </Text>,
  ];
}

/** The keys of a confirmation that asks for a typed word before it sends. */
export function wordFooter(o: {
  word: string;
  typed: TextField;
  width: number;
  saveFirst: boolean | null;
  revertable: boolean;
}): ReactElement[] {
  const w = Math.max(4, o.width - 4 - o.word.length - 58);
  return [
    <Text key="t" wrap="truncate-end">
      <Text bold>
        Type {o.word}
        {/^\d+$/.test(o.word) ? ' (the number of rules deleted)' : ''} and press Enter:{' '}
      </Text>
      <FieldText field={o.typed} width={w} focused />
    </Text>,
    <Text key="k" dimColor wrap="truncate-end">
      Esc goes back{o.saveFirst !== null ? ' · Tab save-point on/off' : ''}
      {o.revertable
        ? ` · ${REVERT_KEY} after the word: send with auto-revert (${GUARD_KEY} guarded)`
        : ''}
    </Text>,
  ];
}

export interface ConfirmPanelProps {
  title: string;
  /** What is asked (the one confirmation body); absent for a text shown in its place (a result, a view). */
  ask?: ConfirmAsk;
  /** The text shown instead of a question (a change's result, a dialog's view). */
  lines?: readonly ConfirmLine[];
  footer: readonly ReactElement[];
  width: number;
  height: number;
  border?: 'single' | 'round';
  scroll?: number;
}

/** The body lines of a panel `width` wide, wrapped: the question's, or the text given. */
export function panelLines(p: Pick<ConfirmPanelProps, 'ask' | 'lines' | 'width'>): ConfirmLine[] {
  return wrapLines(p.ask ? confirmBody(p.ask) : (p.lines ?? []), Math.max(10, p.width - 4));
}

/** How many body lines show above `footer` lines in a panel `height` high. */
export const panelRoom = confirmRoom;

export function ConfirmPanel(props: ConfirmPanelProps): ReactElement {
  return (
    <ConfirmView
      title={props.title}
      lines={panelLines(props)}
      footer={props.footer}
      width={props.width}
      height={props.height}
      {...(props.border ? { border: props.border } : {})}
      {...(props.scroll !== undefined ? { scroll: props.scroll } : {})}
    />
  );
}
