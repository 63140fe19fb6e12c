import { describe, expect, it } from 'vitest';
import { connectionOf, isStale, staleAfter, uacOf } from './freshness.js';
import {
  commitFailure,
  commitSuccess,
  createConsoleStore,
  markRebooting,
  REBOOT_GRACE_MS,
} from './store.js';

const interval = () => 2000;

describe('isStale', () => {
  it('is true once the figures are older than their interval plus slack, never without data', () => {
    expect(staleAfter(2000)).toBe(4000);
    expect(staleAfter(60_000)).toBe(90_000);
    expect(isStale({ updatedAt: 0, interval: 2000 }, 4000)).toBe(false);
    expect(isStale({ updatedAt: 0, interval: 2000 }, 4001)).toBe(true);
    expect(isStale({ interval: 2000 }, 1e9)).toBe(false);
  });
});

describe('connectionOf', () => {
  it('says auth from the first 401, before anything else, with the status', () => {
    const store = createConsoleStore();
    commitSuccess(store, 'stats', [], 1000);
    commitFailure(store, 'flows', 'GET /flownumbers: … (HTTP 401)', 'auth', 1500, 401);
    commitFailure(store, 'stats', 'reset', 'connection', 1600);
    const { resources } = store.getState();
    expect(connectionOf(resources, ['stats', 'flows'], interval, 1700)).toEqual({
      state: 'auth',
      status: 401,
    });
    // an answer after it clears it
    commitSuccess(store, 'flows', { used_flows: 0, maximum_flows: 1 } as never, 1800);
    commitSuccess(store, 'stats', [], 1800);
    expect(connectionOf(store.getState().resources, ['stats', 'flows'], interval, 1900).state).toBe(
      'live',
    );
  });

  it('says rebooting while the device answers 503, not down and not live', () => {
    const store = createConsoleStore();
    commitSuccess(store, 'stats', [], 1000);
    commitFailure(store, 'stats', 'device unavailable (HTTP 503)', 'unavailable', 1200, 503);
    expect(connectionOf(store.getState().resources, ['stats'], interval, 1300)).toEqual({
      state: 'rebooting',
      sinceMs: null,
    });
  });

  it('says rebooting after this console sent a reboot, until the device was down and is back', () => {
    const store = createConsoleStore();
    commitSuccess(store, 'stats', [], 1000);
    markRebooting(store, 1100);
    const at = (now: number) =>
      connectionOf(store.getState().resources, ['stats'], interval, now, store.getState().reboot);
    // still answering before it goes down: rebooting, not live
    commitSuccess(store, 'stats', [], 1200);
    expect(at(1300)).toEqual({ state: 'rebooting', sinceMs: 200 });
    // down (connection refused): rebooting, not down
    commitFailure(store, 'stats', 'refused', 'connection', 2000);
    expect(at(2100).state).toBe('rebooting');
    // back
    commitSuccess(store, 'stats', [], 9000);
    expect(store.getState().reboot).toBeUndefined();
    expect(at(9100).state).toBe('live');
  });

  it('gives up on a reboot never seen after the grace period', () => {
    const store = createConsoleStore();
    markRebooting(store, 0);
    commitSuccess(store, 'stats', [], REBOOT_GRACE_MS / 2);
    expect(store.getState().reboot).toBeDefined();
    commitSuccess(store, 'stats', [], REBOOT_GRACE_MS + 1);
    expect(store.getState().reboot).toBeUndefined();
  });

  it('gives the age of the stalest figures', () => {
    const store = createConsoleStore();
    commitSuccess(store, 'stats', [], 10_000);
    commitSuccess(store, 'environment', {} as never, 1000);
    expect(
      connectionOf(store.getState().resources, ['stats', 'environment'], interval, 11_000),
    ).toEqual({ state: 'stale', ageMs: 10_000 });
  });
});

describe('uacOf', () => {
  it('is unknown while the device refuses the login, not the last value read', () => {
    const store = createConsoleStore();
    commitSuccess(store, 'access', { uac: false, level: null }, 1000);
    expect(uacOf(store.getState())).toEqual({ state: 'off' });
    commitFailure(store, 'stats', 'HTTP 401', 'auth', 2000, 401);
    expect(uacOf(store.getState())).toEqual({ state: 'unknown', reason: 'HTTP 401' });
    // logged in again: a newer answer
    commitSuccess(store, 'access', { uac: true, level: 31 }, 3000);
    expect(uacOf(store.getState())).toEqual({ state: 'on', level: 31 });
  });
});
