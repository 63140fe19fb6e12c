/**
 * The UAC lockout guard: before UAC goes on, pbc must be able to log in afterwards as a
 * SUPER account that exists on the device — otherwise nobody on this console could manage
 * users or turn UAC off again. The device cannot check a password while UAC is off, so
 * pbc either reuses the password it was started with (for its own account) or asks for
 * one, and can set it on the account first to be certain.
 */
import type { User } from '../../model/index.js';
import { levelName, SUPER } from '../../model/index.js';

export interface UacOnPlan {
  /** Refusal: UAC cannot be switched on from here at all. */
  refusal?: string;
  /** The account the form suggests ('' = the operator must type one). */
  account: string;
  /** Why pbc's own credentials are (not) enough, shown above the form. */
  note: string;
}

export function superUsers(users: readonly User[]): User[] {
  return users.filter((u) => u.accesslevel >= SUPER);
}

export function planUacOn(users: readonly User[], sessionUser: string | undefined): UacOnPlan {
  if (superUsers(users).length === 0)
    return {
      refusal: 'no SUPER account exists on the device: add one (a) before turning UAC on',
      account: '',
      note: '',
    };
  if (!sessionUser)
    return {
      account: '',
      note: 'pbc is connected without an account. Type the SUPER account and password pbc should log in with after the change.',
    };
  const me = users.find((u) => u.username === sessionUser);
  if (!me)
    return {
      account: '',
      note: `pbc logs in as '${sessionUser}', which does not exist on the device. Type a SUPER account and its password.`,
    };
  if (me.accesslevel < SUPER)
    return {
      account: '',
      note: `pbc logs in as '${sessionUser}' (${levelName(me.accesslevel)}), not a SUPER account: with UAC on this session could not manage users or turn UAC off again. Type a SUPER account and its password.`,
    };
  return {
    account: sessionUser,
    note: `pbc logs in as '${sessionUser}' (SUPER). Leave the password empty to keep the one pbc was started with.`,
  };
}

/** Why the account/password pair cannot be used to log in after UAC goes on, or null. */
export function checkUacAccount(
  users: readonly User[],
  account: string,
  password: string,
  sessionUser: string | undefined,
): string | null {
  const name = account.trim();
  if (name === '') return 'type the SUPER account pbc should log in with';
  const user = users.find((u) => u.username === name);
  if (!user) return `there is no user '${name}' on the device`;
  if (user.accesslevel < SUPER)
    return `'${name}' is ${levelName(user.accesslevel)}, not SUPER: UAC on would lock this console out of administration`;
  if (password === '' && name !== sessionUser) return `type the password of '${name}'`;
  return null;
}
