/**
 * Drill: the device answers GET /rules/all without end. The console reads it up to its
 * answer limit, then says so on the status line; keys keep working while it reads, and the
 * rest of the console (header, other resources) stays live.
 *
 * And: a device error that echoes the session's password never shows it on screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../src/api/test-server.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { DEFAULT_INTERVALS, type ResourceKey } from '../../src/store/resources.js';
import type { ConnectionSettings } from '../../src/tui/connection.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { mountTestConsole } from '../harness/console.js';
import { endlessProxy } from '../harness/proxy.js';
import { cleanup, type Harness } from '../harness/render.js';
import { assertResponsive, EVENT_MS, statusError } from './drill.js';

const ALL: Partial<Record<ResourceKey, number>> = Object.fromEntries(
  Object.keys(DEFAULT_INTERVALS).map((k) => [k, 400]),
);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of closers.splice(0).reverse()) await fn();
  cleanup();
});

async function mount(settings: ConnectionSettings, screen: ScreenId): Promise<Harness> {
  const mounted = await mountTestConsole({ settings, screen, columns: 120, rows: 30 });
  closers.push(() => mounted.close());
  return mounted.ui;
}

async function sim(): Promise<SimServer> {
  const s = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
  closers.push(() => s.close());
  return s;
}

describe('drill: an endless answer', () => {
  it('is cut off at the answer limit with one status line; keys and the header keep working', async () => {
    const device = await sim();
    const proxy = await endlessProxy(device, (p) => p === '/rest/rules/all');
    closers.push(() => proxy.close());
    const ui = await mount(
      {
        url: proxy.url,
        timeoutMs: 30_000, // far beyond the drill: the limit, not the timeout, ends the read
        maxAnswerBytes: 2 * 1024 * 1024,
        intervals: ALL,
        readonly: false,
      },
      'rules',
    );
    const frame = await ui.waitFor((f) => statusError(f) !== undefined, 15_000);
    expect(statusError(frame)).toMatch(
      /^! answer from GET \/rules\/all exceeds 2 MiB — raise the limit with --max-answer-size/,
    );
    expect(proxy.endlessRequests()).toBeGreaterThanOrEqual(1);
    await assertResponsive(ui);
    // the header's own resources still answer
    await ui.waitFor((f) => f.includes('pb-lab-01'), EVENT_MS);
  }, 40_000);
});

describe('drill: a device error echoing the password', () => {
  let echo: TestServer | undefined;
  afterEach(() => echo?.close());

  it('shows the error with the password masked', async () => {
    echo = await startServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: `login admin:S3cr3tPass denied (${req.headers.authorization}) {"password":"S3cr3tPass"}`,
        }),
      );
    });
    const ui = await mount(
      { url: echo.url, user: 'admin', password: 'S3cr3tPass', timeoutMs: 2000, intervals: ALL },
      'overview',
    );
    const frame = await ui.waitFor((f) => statusError(f) !== undefined, EVENT_MS);
    expect(statusError(frame)).toMatch(/login admin:\*\*\* denied \(Basic \*\*\*\)/);
    const everything = ui.output();
    for (const secret of ['S3cr3tPass', Buffer.from('admin:S3cr3tPass').toString('base64')])
      expect(everything).not.toContain(secret);
  }, 20_000);
});
