/**
 * `:login`: log in again without quitting — after UAC went on with a password pbc does not
 * have, or the account's password changed. A form asks for the user and the password
 * (masked); the console reconnects with them (the same check-then-swap as `:connect`), so
 * the next poll uses them and the old connection stays when the device refuses them. The
 * password goes only to the new client; it is not shown, logged or stored.
 */
import { sanitize } from '../model/index.js';
import type { DialogControl } from '../screens/dialogs/use-dialog.js';
import type { ReconnectChange, Session } from '../store/react.js';

export function openLogin(
  dialog: DialogControl,
  session: Session,
  reconnect: (change: ReconnectChange) => Promise<void>,
): void {
  dialog.form(
    'Log in',
    [
      {
        id: 'user',
        label: 'User',
        kind: 'text',
        value: session.user ?? '',
        validate: (v) =>
          v.trim() === ''
            ? 'the user name is required'
            : /\s/.test(v.trim())
              ? 'a user name has no spaces'
              : null,
        maxLength: 64,
      },
      { id: 'password', label: 'Password', kind: 'password' },
    ],
    (v) => {
      const user = (v.user ?? '').trim();
      const password = v.password ?? '';
      void dialog.run(`Logging in as '${sanitize(user)}'`, async () => {
        await reconnect({ user, password });
        return `logged in as '${sanitize(user)}'`;
      }, [
        `pbc goes on with the login it had${session.user ? ` ('${sanitize(session.user)}')` : ''}.`,
      ]);
      return undefined;
    },
    [`Log in to ${session.url} with another account or password.`],
  );
}
