/**
 * Users, user access control (UAC) and the RADIUS configuration. Passwords are kept only
 * as scrypt hashes and never returned or logged; the RADIUS secret is returned to SUPER
 * users (as the spec's GET /users/radius does) but never logged.
 *
 * Guards the spec does not state but a real device needs so nobody locks themselves out:
 * the last SUPER user cannot be deleted or demoted, a user cannot delete their own
 * account while UAC is on, and UAC cannot be turned on while no SUPER user exists.
 */
import { isAccessLevel, levelName, SUPER } from '../model/index.js';
import { hashPassword } from './auth.js';
import { isHostname, isIPv4 } from './device.js';
import { badRequest, conflict, notFound } from './errors.js';
import { actor } from './logs.js';
import type { Params } from './params.js';
import type { Ctx, Router } from './router.js';
import type { SimState, SimUser } from './state.js';

const MAX_DESCRIPTION = 256;

function publicUser(u: SimUser) {
  return {
    userid: u.userid,
    username: u.username,
    accesslevel: u.accesslevel,
    description: u.description,
    radius: u.radius,
  };
}

function checkUsername(name: string, param: string): string {
  if (name.length === 0) throw badRequest(`parameter '${param}' must not be empty`);
  if ([...name].length > 64) throw badRequest(`parameter '${param}' must be at most 64 characters`);
  if (/[\s\x00-\x1f\x7f]/u.test(name))
    throw badRequest(`parameter '${param}' must not contain spaces or control characters`);
  return name;
}

function levelParam(params: Params, ...names: string[]): number | undefined {
  for (const name of names) {
    if (!params.has(name)) continue;
    const n = params.int(name, -(2 ** 31), 2 ** 31);
    if (n === undefined) return undefined;
    if (!isAccessLevel(n))
      throw badRequest(`parameter '${name}' must be 1 (READ), 7 (WRITE) or 31 (SUPER), got ${n}`);
    return n;
  }
  return undefined;
}

function description(params: Params): string | undefined {
  const d = params.str('description');
  if (d !== undefined && d.length > MAX_DESCRIPTION)
    throw badRequest(`parameter 'description' must be at most ${MAX_DESCRIPTION} characters`);
  return d;
}

function password(params: Params, required: boolean): string | undefined {
  const p = required ? params.requireStr('password') : params.str('password');
  if (p !== undefined && p === '') throw badRequest("parameter 'password' must not be empty");
  return p;
}

const supers = (state: SimState) => [...state.users.values()].filter((u) => u.accesslevel >= SUPER);

function addUser(ctx: Ctx): void {
  const { params, state } = ctx;
  const username = checkUsername(params.requireStr('username'), 'username');
  const accesslevel = levelParam(params, 'accesslevel', 'access_level');
  if (accesslevel === undefined) throw badRequest("missing parameter 'accesslevel' (1, 7 or 31)");
  const pw = password(params, true) as string;
  const desc = description(params) ?? '';
  const radius = params.bool('radius') ?? false;
  if (state.users.has(username)) throw conflict(`user '${username}' already exists`);
  state.users.set(username, {
    userid: state.nextUserId++,
    username,
    accesslevel,
    description: desc,
    radius,
    passwordHash: hashPassword(pw),
  });
  state.changed(
    `users: user '${username}' (${levelName(accesslevel)}${radius ? ', RADIUS' : ''}) added by ${actor(ctx)}`,
  );
}

function changeUser(ctx: Ctx): void {
  const { params, state } = ctx;
  const username = params.requireStr('username');
  if (username === '') throw badRequest("parameter 'username' must not be empty");
  const user = state.users.get(username);
  if (!user) throw notFound(`no user '${username}'`);
  const newName = params.has('new_username')
    ? checkUsername(params.requireStr('new_username'), 'new_username')
    : undefined;
  const level = levelParam(params, 'access_level', 'accesslevel');
  const pw = password(params, false);
  const desc = description(params);
  const radius = params.bool('radius');

  const renamed = newName !== undefined && newName !== username;
  if (renamed && state.users.has(newName)) throw conflict(`user '${newName}' already exists`);
  if (
    level !== undefined &&
    level < SUPER &&
    user.accesslevel >= SUPER &&
    supers(state).length === 1
  )
    throw conflict(
      `'${username}' is the last SUPER user; it cannot be demoted (make another user SUPER first)`,
    );

  const what: string[] = [];
  if (renamed) {
    state.users.delete(username);
    user.username = newName;
    state.users.set(newName, user);
    what.push(`renamed to '${newName}'`);
  }
  if (level !== undefined && level !== user.accesslevel) {
    user.accesslevel = level;
    what.push(`level ${levelName(level)}`);
  }
  if (pw !== undefined) {
    user.passwordHash = hashPassword(pw);
    what.push('password');
  }
  if (desc !== undefined && desc !== user.description) {
    user.description = desc;
    what.push('description');
  }
  if (radius !== undefined && radius !== user.radius) {
    user.radius = radius;
    what.push(`RADIUS ${radius ? 'on' : 'off'}`);
  }
  if (what.length === 0) return;
  state.changed(`users: user '${username}' changed by ${actor(ctx)}: ${what.join(', ')}`);
}

function deleteUser(ctx: Ctx): void {
  const { params, state } = ctx;
  const name = params.has('name') ? params.requireStr('name') : params.str('username');
  if (name === undefined) throw badRequest("missing parameter 'name'");
  const user = state.users.get(name);
  if (!user) throw notFound(`no user '${name}'`);
  if (user.accesslevel >= SUPER && supers(state).length === 1)
    throw conflict(`'${name}' is the last SUPER user and cannot be deleted`);
  if (state.uac && ctx.principal.username === name)
    throw conflict(
      `you cannot delete your own account '${name}' while UAC is on; log in as another SUPER user`,
    );
  state.users.delete(name);
  state.changed(`users: user '${name}' deleted by ${actor(ctx)}`);
}

function setUac(ctx: Ctx) {
  const { params, state } = ctx;
  const on = params.requireBool('state');
  if (on && supers(state).length === 0)
    throw conflict('UAC cannot be turned on: no SUPER user exists (add one first)');
  if (on !== state.uac) {
    state.uac = on;
    state.changed(`users: UAC turned ${on ? 'on' : 'off'} by ${actor(ctx)}`);
  }
  return { state: state.uac };
}

function setRadius(ctx: Ctx) {
  const { params, state } = ctx;
  const server = params.str('server')?.trim();
  if (server !== undefined && server !== '' && !isIPv4(server) && !isHostname(server))
    throw badRequest(`parameter 'server' must be an IP address or host name, got '${server}'`);
  const port = params.int('port', 1, 65535);
  const secret = params.str('secret');
  if (secret !== undefined && secret.length > 128)
    throw badRequest("parameter 'secret' must be at most 128 characters");
  const loginLevel = params.int('radius_login_level', 0, 31);
  if (loginLevel !== undefined && loginLevel !== 0 && !isAccessLevel(loginLevel))
    throw badRequest(
      `parameter 'radius_login_level' must be 0 (no access), 1, 7 or 31, got ${loginLevel}`,
    );
  const refresh = params.int('refresh_rate', 0, 86400);

  const r = state.radius;
  const what: string[] = [];
  if (server !== undefined && server !== r.server) {
    r.server = server;
    what.push(server === '' ? 'server removed' : `server ${server}`);
  }
  if (port !== undefined && port !== r.port) {
    r.port = port;
    what.push(`port ${port}`);
  }
  if (secret !== undefined && secret !== r.secret) {
    r.secret = secret;
    what.push('secret changed');
  }
  if (loginLevel !== undefined && loginLevel !== r.radius_login_level) {
    r.radius_login_level = loginLevel;
    what.push(`login level ${levelName(loginLevel)}`);
  }
  if (refresh !== undefined && refresh !== r.refresh_rate) {
    r.refresh_rate = refresh;
    what.push(`refresh ${refresh} s`);
  }
  const enabled = r.server !== '';
  if (enabled !== r.enabled) {
    r.enabled = enabled;
    what.push(enabled ? 'enabled' : 'disabled');
  }
  if (what.length > 0) state.changed(`users: RADIUS ${what.join(', ')} by ${actor(ctx)}`);
  return { state: r.enabled };
}

export function registerUsers(router: Router): void {
  router.add('GET', '/users', 'R', ({ state }) =>
    Object.fromEntries([...state.users.values()].map((u) => [u.username, publicUser(u)])),
  );
  router.add('POST', '/users', 'S', addUser);
  router.add('PUT', '/users', 'S', changeUser);
  router.add('DELETE', '/users', 'S', deleteUser);
  router.add('GET', '/users/uac', 'R', ({ state }) => ({ state: state.uac }));
  router.add('POST', '/users/uac', 'S', setUac);
  router.add('GET', '/users/radius', 'S', ({ state }) => ({ ...state.radius }));
  router.add('POST', '/users/radius', 'S', setRadius);
}
