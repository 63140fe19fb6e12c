/**
 * The users family's writes: users (add, modify, remove), UAC on/off and the RADIUS
 * settings. Passwords and the shared secret travel in a JSON body; `describe()` masks them.
 */
import {
  addUserRequest,
  type Client,
  modifyUserRequest,
  type NewUser,
  type RadiusSettings,
  radiusRequest,
  removeUserRequest,
  type UserChanges,
  uacRequest,
} from '../api/index.js';
import type { User } from '../model/index.js';
import type { ResourceKey } from '../store/resources.js';
import { type KindTable, kinded, type StateReader } from './operation.js';

export type { NewUser, RadiusSettings, UserChanges };

// The account's level (the `access` resource) is read from the users list.
const USERS: readonly ResourceKey[] = ['users', 'access'];

const userAt =
  (field: string): StateReader =>
  async (c, r, phase) => {
    const q = (r.query ?? r.json ?? {}) as Record<string, unknown>;
    const name = String((phase === 'after' && q.new_username ? q.new_username : q[field]) ?? '');
    return (await c.users.list()).find((x) => x.username === name) ?? null;
  };

export const userKinds = {
  'users.add': { route: 'POST /users', read: userAt('username') },
  'users.modify': { route: 'PUT /users', read: userAt('username') },
  'users.remove': { route: 'DELETE /users', read: userAt('name') },
  'users.setUac': { route: 'POST /users/uac', read: async (c) => ({ state: await c.users.uac() }) },
  'users.setRadius': { route: 'POST /users/radius', read: (c) => c.users.radius() },
} satisfies KindTable;

const operation = kinded(userKinds);

export const userOps = {
  add: (user: NewUser) =>
    operation('users.add', addUserRequest(user), (c) => c.users.add(user), USERS),
  modify: (changes: UserChanges) =>
    operation('users.modify', modifyUserRequest(changes), (c) => c.users.modify(changes), USERS),
  remove: (name: string) =>
    operation('users.remove', removeUserRequest(name), (c) => c.users.remove(name), USERS),
  /** Answers the UAC state the device reports (or the requested one). */
  setUac: (state: boolean) =>
    operation('users.setUac', uacRequest(state), (c) => c.users.setUac(state), ['access', 'users']),
  /** Answers whether RADIUS is on now (null when the device does not say). */
  setRadius: (settings: RadiusSettings) =>
    operation('users.setRadius', radiusRequest(settings), (c) => c.users.setRadius(settings), [
      'radius',
    ]),
};

/** The device's users right now (not the last poll). */
export function readUsers(client: Client): Promise<User[]> {
  return client.users.list();
}
