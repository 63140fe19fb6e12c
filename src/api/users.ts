/** The users family: /users, /users/uac, /users/radius. */
import type { RadiusConfig, User } from '../model/types.js';
import {
  normalizeFlag,
  normalizeOptionalFlag,
  normalizeRadius,
  normalizeUsers,
} from './normalize-system.js';
import type { Transport } from './transport.js';

export interface NewUser {
  username: string;
  /** 1 READ, 7 WRITE, 31 SUPER. */
  accesslevel: number;
  password: string;
  description?: string;
  /** Check the password against the RADIUS server instead. */
  radius?: boolean;
}

export interface UserChanges {
  /** The current name. */
  username: string;
  new_username?: string;
  password?: string;
  description?: string;
  /** Note the underscore: PUT /users spells it access_level. */
  access_level?: number;
  radius?: boolean;
}

export type RadiusSettings = Omit<RadiusConfig, 'enabled'>;

export interface UsersApi {
  list(): Promise<User[]>;
  add(user: NewUser): Promise<string>;
  modify(changes: UserChanges): Promise<string>;
  remove(name: string): Promise<string>;
  /** Whether user access control is on. */
  uac(): Promise<boolean>;
  /** Switches UAC; returns the state the device reports (or the requested one if it doesn't). */
  setUac(state: boolean): Promise<boolean>;
  radius(): Promise<RadiusConfig>;
  /** Returns the `state` the device answers with; null when it sends none. */
  setRadius(settings: RadiusSettings): Promise<boolean | null>;
}

/** Drops undefined values so unset fields are not sent. */
function defined(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function usersApi(t: Transport): UsersApi {
  return {
    async list() {
      return normalizeUsers(await t.request('GET', '/users'));
    },
    // Passwords go in a JSON body, never in the URL (access logs keep URLs).
    add: (user) => t.write('POST', '/users', { json: defined(user) }),
    modify: (changes) => t.write('PUT', '/users', { json: defined(changes) }),
    remove: (name) => t.write('DELETE', '/users', { query: { name } }),
    async uac() {
      return normalizeFlag(await t.request('GET', '/users/uac'), 'GET /users/uac', 'state');
    },
    async setUac(state) {
      const wire = await t.request('POST', '/users/uac', { query: { state } });
      return normalizeOptionalFlag(wire, 'POST /users/uac', 'state') ?? state;
    },
    async radius() {
      return normalizeRadius(await t.request('GET', '/users/radius'));
    },
    async setRadius(settings) {
      // The shared secret goes in a JSON body, never in the URL.
      const wire = await t.request('POST', '/users/radius', { json: defined(settings) });
      return normalizeOptionalFlag(wire, 'POST /users/radius', 'state');
    },
  };
}
