/**
 * The confirmation every write goes through: the exact requests, what they do, an
 * optional "save a rule save-point first" box, and — for the dangerous ones — a word to
 * type. After sending it shows what the device answered. Keys are a pure reducer.
 */

import { formatDuration, parseDuration } from '../model/duration.js';
import type { Plan, PlanResult } from '../ops/index.js';
import type { ConfirmAsk } from '../widgets/confirm-body.js';
import { GUARD_COMMAND, REVERT_COMMAND } from '../widgets/confirm-keys.js';
import {
  ConfirmPanel,
  GUARD_CHOICE,
  keysFooter,
  REVERT_CHOICE,
  type RevertTime,
  refusedFooter,
  revertFooter,
  wordFooter,
} from '../widgets/confirm-panel.js';
import { editText, type TextField, textField } from '../widgets/forms/field.js';

export interface ConfirmState {
  typed: TextField;
  /** null: this change offers no save-point box. */
  saveFirst: boolean | null;
  /** `R` was pressed: the auto-revert time being edited (Enter applies), and why it is refused. */
  revert?: RevertTime;
}

export type ConfirmEvent = 'none' | 'confirm' | 'confirmRevert' | 'cancel' | 'toggleSave';

/** The time `R` proposes: apply, revert in 5 min unless confirmed. */
export const DEFAULT_REVERT_MS = 5 * 60_000;

export const newConfirm = (saveFirst: boolean | null): ConfirmState => ({
  typed: textField(),
  saveFirst,
});

/** Keys while the auto-revert time is edited: Enter applies with it, Esc goes back to y/n. */
function revertKey(
  s: ConfirmState & { revert: NonNullable<ConfirmState['revert']> },
  key: string,
  allowed: boolean,
): ConfirmAnswer {
  if (key === 'escape') {
    const { revert: _, ...rest } = s;
    return { state: rest, event: 'none' };
  }
  if (key === 'enter') {
    if (!allowed) return { state: s, event: 'none' };
    try {
      const what = s.revert.guard ? 'the guard window' : 'the revert time';
      const revertMs = parseDuration(s.revert.time.text, what);
      return {
        state: s,
        event: 'confirmRevert',
        revertMs,
        ...(s.revert.guard ? { guard: true } : {}),
      };
    } catch (e) {
      return {
        state: { ...s, revert: { ...s.revert, error: (e as Error).message } },
        event: 'none',
      };
    }
  }
  const time = editText(s.revert.time, key);
  const guard = s.revert.guard ? { guard: true as const } : {};
  return { state: time ? { ...s, revert: { time, ...guard } } : s, event: 'none' };
}

/** What a key did; `revertMs` once Enter sends with auto-revert, `guard` for a guarded change. */
export interface ConfirmAnswer {
  state: ConfirmState;
  event: ConfirmEvent;
  revertMs?: number;
  guard?: true;
}

/** `allowed`: the session may write; otherwise nothing confirms. */
export function confirmKey(
  s: ConfirmState,
  key: string,
  word: string,
  allowed: boolean,
  /** `R` offers apply-with-auto-revert (the change can be reverted). */
  revertable = false,
  /** The key's command in the keymap's dialog layer (`confirm.revert` for `R`, `confirm.guard` for `G`). */
  command?: string,
): ConfirmAnswer {
  if (s.revert) return revertKey({ ...s, revert: s.revert }, key, allowed);
  // R (G): once the word (if any) is typed, so R is never taken from a word being typed
  const wordDone = word === '' || s.typed.text.trim() === word;
  const guard = command === GUARD_COMMAND;
  if ((command === REVERT_COMMAND || guard) && revertable && allowed && wordDone)
    return {
      state: {
        ...s,
        revert: {
          time: textField(formatDuration(DEFAULT_REVERT_MS)),
          ...(guard ? { guard: true as const } : {}),
        },
      },
      event: 'none',
    };
  if (key === 'escape') return { state: s, event: 'cancel' };
  if (key === 'tab' && s.saveFirst !== null)
    return { state: { ...s, saveFirst: !s.saveFirst }, event: 'toggleSave' };
  if (word === '') {
    if (key === 'n') return { state: s, event: 'cancel' };
    if ((key === 'y' || key === 'enter') && allowed) return { state: s, event: 'confirm' };
    return { state: s, event: 'none' };
  }
  if (key === 'enter')
    return { state: s, event: allowed && s.typed.text.trim() === word ? 'confirm' : 'none' };
  const typed = editText(s.typed, key);
  return { state: typed ? { ...s, typed } : s, event: 'none' };
}

export type Phase = 'confirm' | 'sending' | 'done';

export interface ChangeDialogProps {
  plan: Plan;
  state: ConfirmState;
  phase: Phase;
  result?: PlanResult | undefined;
  /** Why this session cannot send it (read-only, access level); the plan is still shown. */
  refused?: string | null | undefined;
  /** Extra lines under the notes, e.g. the rules a group change deletes. */
  impact?: readonly string[];
  /** `R` (apply with auto-revert) is offered. */
  revertable?: boolean;
  /** Why this change offers no `R` (one line under the notes); `R` is offered otherwise. */
  noRevert?: string | undefined;
  /** Why `R`'s revert would be incomplete for the logged-in account (its level), once checked. */
  incomplete?: string | undefined;
  width: number;
  height: number;
}

type Line = { text: string; bold?: boolean; dim?: boolean; color?: string };

/** A change's result, in place of the question once the device has answered. */
function resultLines(r: PlanResult): Line[] {
  return [
    {
      text: r.ok ? 'The device accepted the change:' : 'The change failed:',
      bold: true,
      ...(r.ok ? {} : { color: 'red' }),
    },
    ...r.lines.map((text) => ({ text })),
    ...(r.verdict ? [{ text: `${r.ok ? '✓' : '!'} ${r.verdict}`, bold: true }] : []),
    { text: '' },
    { text: 'Enter or Esc closes', dim: true },
  ];
}

/**
 * A change plan's confirmation (Rules, Groups, the Journal's undo): the one confirmation
 * component (ConfirmPanel) with the one body — its requests in order (each describe()), notes
 * and impact, the save-point box — then the keys: a typed word where the plan asks for one.
 */
export function ChangeDialog(props: ChangeDialogProps) {
  const { plan, state, phase } = props;
  const title = `${plan.title}${phase === 'done' ? ' — result' : phase === 'sending' ? ' — sending…' : ' — confirm'}`;
  const shared = { title, footer: footerOf(props), width: props.width, height: props.height };
  if (phase === 'done' && props.result)
    return <ConfirmPanel {...shared} lines={resultLines(props.result)} border="round" />;
  const ask: ConfirmAsk = {
    ops: plan.steps,
    sending: phase === 'sending',
    incomplete: props.revertable && !props.refused ? props.incomplete : undefined,
    more: [
      ...plan.notes.map((note) => `• ${note}`),
      ...(props.impact ?? []).map((text) => ({ text, color: 'yellow' })),
    ],
    noRevert: props.noRevert,
    saveFirst: state.saveFirst,
  };
  return <ConfirmPanel {...shared} ask={ask} border="round" />;
}

export { GUARD_CHOICE, REVERT_CHOICE, revertFooter };

function footerOf(props: ChangeDialogProps) {
  const { plan, state, phase } = props;
  if (phase !== 'confirm') return [];
  if (state.revert && !props.refused) return revertFooter(state.revert);
  if (props.refused) return refusedFooter(props.refused);
  if (plan.confirmWord === '')
    return keysFooter(
      [
        'y/Enter send',
        ...(props.revertable ? [REVERT_CHOICE, GUARD_CHOICE] : []),
        'n/Esc back',
        ...(state.saveFirst !== null ? ['Tab save-point on/off'] : []),
      ].join(' · '),
      props.width,
      1,
    );
  return wordFooter({
    word: plan.confirmWord,
    typed: state.typed,
    width: props.width,
    saveFirst: state.saveFirst,
    revertable: Boolean(props.revertable),
  });
}
