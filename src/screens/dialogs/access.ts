/**
 * May this session try a write? Checked before any form opens, so an operator is not led
 * through a dialog the device will refuse: --readonly refuses every write, and with UAC on
 * the account's level must reach the operation's level. The device stays the authority:
 * when the level is unknown, pbc lets the device decide.
 */
import { useCallback } from 'react';
import { levelName, SUPER } from '../../model/index.js';
import { useConsole, useConsoleState } from '../../store/react.js';

export interface AccessContext {
  readonly: boolean;
  /** The store's `access` resource; undefined before the first answer. */
  access?: { uac: boolean; level: number | null } | undefined;
  user?: string | undefined;
}

/** Why a write is refused: the session is read-only, or the account's level is too low. */
export type Refusal = { why: 'readonly' } | { why: 'level'; level: number } | null;

/**
 * The one access check of the console: may this session try a write needing `needed`?
 * --readonly refuses; with UAC on, a known level below `needed` refuses. UAC off, an
 * unknown level (a RADIUS login without a local profile) and an access state not read yet
 * all go ahead: the device decides.
 */
export function accessRefusal(needed: number, ctx: AccessContext): Refusal {
  if (ctx.readonly) return { why: 'readonly' };
  const a = ctx.access;
  if (a?.uac && a.level !== null && a.level < needed) return { why: 'level', level: a.level };
  return null;
}

/** Why `operation` (needing `needed`) is refused in this session, or null when it may go ahead. */
export function writeRefusal(operation: string, needed: number, ctx: AccessContext): string | null {
  const refusal = accessRefusal(needed, ctx);
  if (refusal?.why === 'readonly')
    return `read-only session: ${operation} is disabled (start pbc without --readonly to change the device)`;
  if (refusal?.why === 'level') {
    const who = ctx.user
      ? `'${ctx.user}' has ${levelName(refusal.level)}`
      : `this account has ${levelName(refusal.level)}`;
    return `${operation} needs ${levelName(needed)} rights; ${who}`;
  }
  return null;
}

/** The level this session acts with: SUPER while UAC is off (the device lets anyone do anything). */
export function effectiveLevel(access: AccessContext['access']): number | null {
  if (!access) return null;
  if (!access.uac) return SUPER;
  return access.level;
}

/**
 * `allowed(operation, level)`: true when the write may be tried; otherwise notifies why
 * not and returns false.
 */
export function useWriteAccess(notify: (message: string) => void) {
  const { session } = useConsole();
  const access = useConsoleState((s) => s.resources.access.data);
  return useCallback(
    (operation: string, needed: number): boolean => {
      const refusal = writeRefusal(operation, needed, {
        readonly: session.readonly,
        access,
        user: session.user,
      });
      if (refusal) notify(refusal);
      return refusal === null;
    },
    [session.readonly, session.user, access, notify],
  );
}
