/**
 * The /_sim control endpoints cannot be used to take the simulator down: the web log they
 * fill is bounded by characters (a line is cut at 64 KiB), a reboot lasts at most 60 s,
 * and when the simulator listens beyond loopback they need the token printed at start.
 */
import { describe, expect, it } from 'vitest';
import { LOG_CHARS_MAX, LOG_LINE_MAX } from '../../src/sim/weblog.js';
import { expectError, simPerTest, startTestSim } from './helpers.js';

const t = simPerTest();

describe('/_sim/log bounds', () => {
  it('keeps at most LOG_CHARS_MAX characters, however many lines are asked for', async () => {
    const r = await t.control('/_sim/log', { count: 5000, length: 4000 });
    expect(r.status).toBe(200);
    expect(t.sim.state.log.length).toBeLessThanOrEqual(LOG_CHARS_MAX);
    const weblog = await t.get('/weblog');
    expect(weblog.status).toBe(200);
    expect(weblog.text.length).toBeLessThan(LOG_CHARS_MAX + 64 * 1024);
    // the newest lines are the ones kept
    const logs = weblog.body.logs as string[];
    expect(logs.at(-1)).toContain('generated line 5000 of 5000');
  });

  it('cuts a line at 64 KiB and refuses a longer generated length', async () => {
    const big = 'y'.repeat(1_000_000);
    expect((await t.control('/_sim/log', { lines: [big, big, big] })).status).toBe(200);
    const logs = (await t.get('/weblog')).body.logs as string[];
    for (const l of logs) expect(l.length).toBeLessThanOrEqual(LOG_LINE_MAX);
    expect(logs.filter((l) => l.includes('yyyy'))).toHaveLength(3);
    expectError(await t.control('/_sim/log', { count: 100_000, length: 1_000_000 }), 400);
  });
});

describe('/_sim/reboot bounds', () => {
  it('refuses a reboot longer than 60 s', async () => {
    expectError(await t.control('/_sim/reboot', { ms: 600_000 }), 400, /60000/);
    expectError(await t.control('/_sim/reboot', { ms: 60_001 }), 400);
    expect((await t.get('/device/name')).status).toBe(200);
  });
});

describe('/_sim token', () => {
  it('is open on loopback', async () => {
    expect(t.sim.controlToken).toBeUndefined();
    expect((await t.control('/_sim/status')).status).toBe(200);
  });

  it('is required when listening beyond loopback', async () => {
    const s = await startTestSim({ host: '0.0.0.0' });
    try {
      const token = s.sim.controlToken;
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      const base = s.url.replace(/\/rest$/, '');
      for (const [path, init] of [
        ['/_sim/status', {}],
        ['/_sim/reboot', { method: 'POST' }],
        ['/_sim/log', { method: 'POST' }],
        ['/_sim/fault', { method: 'POST' }],
        ['/_sim/status?token=wrong', {}],
      ] as const) {
        const r = await fetch(base + path, init);
        expect(r.status, path).toBe(401);
        expect(((await r.json()) as { error: string }).error).toMatch(/token/);
      }
      expect(s.sim.state.rebootingUntil).toBe(0);
      expect(
        (await fetch(`${base}/_sim/status`, { headers: { 'x-sim-token': token! } })).status,
      ).toBe(200);
      expect((await fetch(`${base}/_sim/status?token=${token}`)).status).toBe(200);
      // the device API itself is not behind the token
      expect((await s.get('/device/name')).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
