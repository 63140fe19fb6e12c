/** The users family: /users, /users/uac, /users/radius. */
import type { RadiusConfig, User } from '../model/types.js';
import {
  normalizeFlag,
  normalizeOptionalFlag,
  normalizeRadius,
  normalizeUsers,
} from './normalize-system.js';
import { type ApiRequest, jsonRequest, queryRequest, sendRequest, sendWrite } from './request.js';
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

// Passwords and the shared secret go in a JSON body, never in the URL (access logs keep URLs).
/** POST /users. */
export const addUserRequest = (user: NewUser): ApiRequest =>
  jsonRequest('POST', '/users', defined(user));
/** PUT /users. */
export const modifyUserRequest = (changes: UserChanges): ApiRequest =>
  jsonRequest('PUT', '/users', defined(changes));
/** DELETE /users. */
export const removeUserRequest = (name: string): ApiRequest =>
  queryRequest('DELETE', '/users', { name });
/** POST /users/uac. */
export const uacRequest = (state: boolean): ApiRequest =>
  queryRequest('POST', '/users/uac', { state });
/** POST /users/radius. */
export const radiusRequest = (settings: RadiusSettings): ApiRequest =>
  jsonRequest('POST', '/users/radius', defined(settings));

export function usersApi(t: Transport): UsersApi {
  return {
    async list() {
      return normalizeUsers(await t.request('GET', '/users'));
    },
    add: (user) => sendWrite(t, addUserRequest(user)),
    modify: (changes) => sendWrite(t, modifyUserRequest(changes)),
    remove: (name) => sendWrite(t, removeUserRequest(name)),
    async uac() {
      return normalizeFlag(await t.request('GET', '/users/uac'), 'GET /users/uac', 'state');
    },
    async setUac(state) {
      const wire = await sendRequest(t, uacRequest(state));
      return normalizeOptionalFlag(wire, 'POST /users/uac', 'state') ?? state;
    },
    async radius() {
      return normalizeRadius(await t.request('GET', '/users/radius'));
    },
    async setRadius(settings) {
      const wire = await sendRequest(t, radiusRequest(settings));
      return normalizeOptionalFlag(wire, 'POST /users/radius', 'state');
    },
  };
}
