/** Undo of account writes: a new user deleted, a user or a setting put back; never a secret. */
import { type userKinds, userOps } from '../users.js';
import { type InverseTable, never, none, SECRET_NOTE, steps } from './common.js';

export const userInverses: InverseTable<keyof typeof userKinds> = {
  'users.add': ({ params }) => steps([userOps.remove(String(params.username))]),
  'users.modify': ({ params: p, before: b }) => {
    if ('password' in p) return none(`a password change cannot be undone: ${SECRET_NOTE}`);
    if (b === null) return none(`user '${p.username}' did not exist before`);
    return steps([
      userOps.modify({
        username: String(p.new_username ?? p.username),
        ...(p.new_username !== undefined ? { new_username: b.username } : {}),
        description: b.description,
        access_level: b.accesslevel,
        ...(b.radius !== undefined ? { radius: b.radius } : {}),
      }),
    ]);
  },
  'users.remove': never(`a deleted user's password cannot be put back: ${SECRET_NOTE}`),
  'users.setUac': ({ before }) => steps([userOps.setUac(Boolean(before.state))]),
  'users.setRadius': ({ params, before: b }) =>
    'secret' in params
      ? none(`the RADIUS secret was changed: ${SECRET_NOTE}`)
      : steps([
          userOps.setRadius({
            server: b.server,
            port: b.port,
            radius_login_level: b.radius_login_level,
            refresh_rate: b.refresh_rate,
          } as Parameters<typeof userOps.setRadius>[0]),
        ]),
};
