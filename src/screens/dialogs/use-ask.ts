/**
 * The one confirmation hook (issue 28): every console write asks through it — a screen
 * dialog's `ask` (dialogs/use-dialog.ts: ports, users, device, apps, save-points, logs) and a
 * change plan's confirmation (use-change.tsx: Rules, Groups, the Journal's undo, `:apply`).
 *
 * It puts the question on record in the console's state with what it sends, each operation as
 * it describes itself (`describe()`, the text the one ConfirmPanel shows), takes a confirming key
 * only once the question was on screen (key-clock.ts), tells each key's command in the keymap's
 * dialog layer (`R`, `G`), checks whether `R`'s revert is complete for this account, and
 * records the answer. Nothing else in the screens records a confirmation.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { Operation } from '../../ops/operation.js';
import {
  answerConfirmation,
  dropConfirmation,
  showConfirmation,
} from '../../store/confirmation.js';
import { useConsoleIfAny } from '../../store/react.js';
import { useDialogKeys } from '../dialog-keys.js';
import { useSeen } from '../key-clock.js';
import { useRevertGaps } from './use-revert.js';

export interface AskHook {
  /** Puts a question on record (what it sends: `ops`); one already open is dropped. Its id. */
  show(title: string, ops: readonly Operation[]): number;
  /** The open question was answered (yes: what it lists is sent now). */
  answer(yes: boolean): void;
  /** The open question closed without an answer. */
  drop(): void;
  /** The id of the question on record now, else null. */
  readonly open: number | null;
  /** Whether the key being handled was read after `token` (see `useAsk`) was drawn. */
  seen(token: unknown): boolean;
  /** The key's command in the keymap's dialog layer (`confirm.revert` for `R`), if any. */
  command(key: string): string | undefined;
  /** Checks `R`'s revert for this account; `shown(why)` when it would be incomplete. */
  checkRevert: ReturnType<typeof useRevertGaps>;
}

/** `token()`: what is open now (a value that changes when a new question is drawn), or null. */
export function useAsk(token: () => unknown): AskHook {
  const store = useConsoleIfAny()?.store;
  const seen = useSeen(token);
  const command = useDialogKeys();
  const checkRevert = useRevertGaps();
  const open = useRef<number | null>(null);
  const show = useCallback(
    (title: string, ops: readonly Operation[]) => {
      if (open.current !== null) dropConfirmation(store, open.current);
      open.current = showConfirmation(store, { title, requests: ops.map((op) => op.describe()) });
      return open.current;
    },
    [store],
  );
  const answer = useCallback(
    (yes: boolean) => {
      if (open.current !== null) answerConfirmation(store, open.current, yes);
      open.current = null;
    },
    [store],
  );
  const drop = useCallback(() => {
    if (open.current !== null) dropConfirmation(store, open.current);
    open.current = null;
  }, [store]);
  return useMemo(
    () => ({
      show,
      answer,
      drop,
      get open() {
        return open.current;
      },
      seen,
      command,
      checkRevert,
    }),
    [show, answer, drop, seen, command, checkRevert],
  );
}
