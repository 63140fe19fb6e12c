/**
 * An answer too big to hold: pbc stops reading at its answer limit (64 MiB by default,
 * --max-answer-size / PBC_MAX_ANSWER) and exits 1 with one line, instead of filling memory
 * until V8 gives up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../src/api/test-server.js';
import { streamEndless } from '../harness/proxy.js';
import { oneErrorLine } from './helpers.js';
import { pbcInProcess } from './in-process.js';

let device: TestServer;
beforeAll(async () => {
  device = await startServer((req, res) => {
    if (req.path === '/rest/device/name') {
      // announces 100 MiB, sends a little, then waits: only Content-Length can refuse it
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 * 1024 ** 2 });
      res.write('{"name":"');
      return;
    }
    // every other answer never ends, as fast as the client reads it
    streamEndless(res, 0);
  });
});
afterAll(() => device?.close());

describe('answer size limit', () => {
  it('an endless answer: exit 1 with the limit named, not an out-of-memory crash', async () => {
    // 256 MB of heap. Without a limit pbc kept reading into it, collecting garbage ever longer,
    // until the test gave up after 90 s (a V8 out-of-memory abort with a default heap)
    const r = await pbcInProcess(['--url', device.url, '--timeout', '60000', 'get', 'rules'], {
      env: { NODE_OPTIONS: '--max-old-space-size=256' },
      timeoutMs: 90_000,
    });
    expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
    expect(oneErrorLine(r)).toBe(
      'pbc: get rules: answer from GET /rules/all exceeds 64 MiB (raise the limit with --max-answer-size or PBC_MAX_ANSWER)',
    );
  }, 120_000);

  it('--max-answer-size and PBC_MAX_ANSWER set the limit', async () => {
    const flag = await pbcInProcess([
      '--url',
      device.url,
      '--max-answer-size',
      '1MiB',
      'get',
      'rules',
    ]);
    expect(flag.code).toBe(1);
    expect(oneErrorLine(flag)).toMatch(/answer from GET \/rules\/all exceeds 1 MiB \(raise/);
    const env = await pbcInProcess(['--url', device.url, 'get', 'rules'], {
      env: { PBC_MAX_ANSWER: '2M' },
    });
    expect(oneErrorLine(env)).toMatch(/exceeds 2 MiB/);
    const bad = await pbcInProcess([
      '--url',
      device.url,
      '--max-answer-size',
      'huge',
      'get',
      'rules',
    ]);
    expect(bad.code).toBe(2);
    expect(oneErrorLine(bad)).toMatch(/--max-answer-size must be a size from 1KiB to 256MiB/);
  }, 60_000);

  it('a Content-Length over the limit is refused at once', async () => {
    const r = await pbcInProcess(['--url', device.url, '--timeout', '60000', 'get', 'name'], {
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toBe(
      'pbc: get name: answer from GET /device/name announces 100 MiB, over the limit of 64 MiB (raise the limit with --max-answer-size or PBC_MAX_ANSWER)',
    );
  }, 40_000);
});
