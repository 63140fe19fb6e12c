/**
 * The confirmation every write goes through: the exact requests, what they do, an
 * optional "save a rule save-point first" box, and — for the dangerous ones — a word to
 * type. After sending it shows what the device answered. Keys are a pure reducer.
 */

import { incompleteRevertLine } from '../guard/levels.js';
import { formatDuration, parseDuration } from '../model/duration.js';
import type { Plan, PlanResult } from '../ops/index.js';
import { GUARD_COMMAND, GUARD_KEY, REVERT_COMMAND, REVERT_KEY } from '../widgets/confirm-keys.js';
import { ConfirmView } from '../widgets/confirm-view.js';
import { editText, type TextField, textField } from '../widgets/forms/field.js';
import { FieldText, wrap } from '../widgets/forms/view.js';
import { Text } from '../widgets/index.js';

export interface ConfirmState {
  typed: TextField;
  /** null: this change offers no save-point box. */
  saveFirst: boolean | null;
  /** `R` was pressed: the auto-revert time being edited (Enter applies), and why it is refused. */
  revert?: { time: TextField; error?: string; guard?: true };
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

/**
 * A change plan's confirmation (Rules, Groups, the Journal's undo): its requests in order,
 * notes and impact, the save-point box, then the keys — a typed word where the plan asks
 * for one. Drawn by the one confirmation panel (ConfirmView) every dialog uses.
 */
export function ChangeDialog(props: ChangeDialogProps) {
  const { plan, state, phase } = props;
  const inner = Math.max(10, props.width - 4);
  const lines: Line[] = [];
  const out = (text: string, style: Omit<Line, 'text'> = {}) => {
    for (const l of wrap(text, inner)) lines.push({ text: l, ...style });
  };
  if (phase === 'done' && props.result) {
    const r = props.result;
    out(r.ok ? 'The device accepted the change:' : 'The change failed:', {
      bold: true,
      ...(r.ok ? {} : { color: 'red' }),
    });
    for (const l of r.lines) out(l);
    if (r.verdict) out(`${r.ok ? '✓' : '!'} ${r.verdict}`, { bold: true });
    lines.push({ text: '' });
    out('Enter or Esc closes', { dim: true });
  } else {
    const n = plan.steps.length;
    out(
      `${phase === 'sending' ? 'Sending' : 'Will send'} ${n} ${n === 1 ? 'request' : 'requests'}, in this order:`,
    );
    for (const [i, step] of plan.steps.entries()) {
      const [request, params] = step.describe();
      out(`${i + 1}. ${request}`, { bold: true });
      if (params)
        for (const l of wrap(params, inner - 3)) lines.push({ text: `   ${l}`, dim: true });
    }
    if (props.incomplete && props.revertable && !props.refused)
      out(incompleteRevertLine(props.incomplete), { color: 'yellow' });
    for (const note of plan.notes) out(`• ${note}`);
    for (const l of props.impact ?? []) out(l, { color: 'yellow' });
    if (props.noRevert) out(`no auto-revert: ${props.noRevert}`, { dim: true });
    if (state.saveFirst !== null)
      out(`[${state.saveFirst ? 'x' : ' '}] save a rule save-point before applying (Tab toggles)`);
  }
  const title = `${plan.title}${phase === 'done' ? ' — result' : phase === 'sending' ? ' — sending…' : ' — confirm'}`;
  return (
    <ConfirmView
      title={title}
      lines={lines}
      footer={footerOf(props)}
      width={props.width}
      height={props.height}
      border="round"
    />
  );
}

/** What `R` offers, in every confirmation of a change that can be reverted. */
export const REVERT_CHOICE = `${REVERT_KEY} send, revert in 5 min unless confirmed`;

/** What `G` offers beside `R`: a guarded change (the traffic watched, reverted if a guard trips). */
export const GUARD_CHOICE = `${GUARD_KEY} guarded`;

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
export function revertFooter(revert: NonNullable<ConfirmState['revert']>) {
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

function footerOf(props: ChangeDialogProps) {
  const { plan, state, phase } = props;
  if (phase !== 'confirm') return [];
  if (state.revert && !props.refused) return revertFooter(state.revert);
  if (props.refused)
    return [
      <Text key="r" color="red" bold wrap="truncate-end">
        ✖ cannot send: {props.refused}
      </Text>,
      <Text key="k" dimColor wrap="truncate-end">
        Esc goes back
      </Text>,
    ];
  if (plan.confirmWord === '')
    return [
      <Text key="k" bold wrap="truncate-end">
        y/Enter send{props.revertable ? ` · ${REVERT_CHOICE} · ${GUARD_CHOICE}` : ''} · n/Esc back
        {state.saveFirst !== null ? ' · Tab save-point on/off' : ''}
      </Text>,
    ];
  const w = Math.max(4, props.width - 4 - plan.confirmWord.length - 58);
  return [
    <Text key="t" wrap="truncate-end">
      <Text bold>
        Type {plan.confirmWord}
        {/^\d+$/.test(plan.confirmWord) ? ' (the number of rules deleted)' : ''} and press Enter:{' '}
      </Text>
      <FieldText field={state.typed} width={w} focused />
    </Text>,
    <Text key="k" dimColor wrap="truncate-end">
      Esc goes back{state.saveFirst !== null ? ' · Tab save-point on/off' : ''}
      {props.revertable
        ? ` · ${REVERT_KEY} after the word: send with auto-revert (${GUARD_KEY} guarded)`
        : ''}
    </Text>,
  ];
}
