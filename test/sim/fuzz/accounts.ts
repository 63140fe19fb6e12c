/**
 * The keeper: a SUPER account only the harness knows. Through it the fuzzer reads the state
 * and undoes what the traffic did to `admin` and to UAC, so admin credentials stay useful.
 */
import { expect } from 'vitest';
import type { TestSim } from '../helpers.js';
import { ADMIN, basic, KEEPER } from './config.js';

/** A request as the keeper. */
export const keeper = (t: TestSim, method: string, path: string, json?: unknown) =>
  t.call(method, path, {
    headers: { authorization: basic(...KEEPER) },
    ...(json === undefined ? {} : { json }),
  });

/** Adds the keeper account (the factory state has UAC off: no credentials needed). */
export async function addKeeper(t: TestSim): Promise<void> {
  const res = await t.call('POST', '/users', {
    json: { username: KEEPER[0], password: KEEPER[1], accesslevel: 31 },
  });
  expect(res.status, res.text).toBe(200);
}

export async function setUac(t: TestSim, on: boolean): Promise<void> {
  const res = await keeper(t, 'POST', '/users/uac', { state: on });
  expect(res.status, res.text).toBe(200);
}

/** Undoes what the traffic did to the admin account, so admin credentials stay useful. */
export async function repairAdmin(t: TestSim, uacAfter: boolean): Promise<void> {
  const users = await keeper(t, 'GET', '/users');
  expect(users.status, users.text).toBe(200);
  const admin = users.body.admin;
  if (!admin) {
    const res = await keeper(t, 'POST', '/users', {
      username: 'admin',
      password: 'admin',
      accesslevel: 31,
    });
    expect(res.status, res.text).toBe(200);
  } else if (admin.accesslevel !== 31 || admin.radius !== false) {
    const res = await keeper(t, 'PUT', '/users', {
      username: 'admin',
      access_level: 31,
      radius: false,
    });
    expect(res.status, res.text).toBe(200);
  }
  await setUac(t, true);
  const probe = await t.call('GET', '/users/uac', {
    headers: { authorization: basic(...ADMIN) },
  });
  if (probe.status === 401) {
    const res = await keeper(t, 'PUT', '/users', { username: 'admin', password: 'admin' });
    expect(res.status, res.text).toBe(200);
  }
  await setUac(t, uacAfter);
}
