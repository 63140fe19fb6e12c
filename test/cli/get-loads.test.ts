/**
 * What `pbc get` leaves alone (each ~0.5–1 ms of every start, docs/performance.md):
 * - without a user it never makes process.stdin's stream (src/config/credentials.ts: whether
 *   pbc may prompt is asked only when it must; with a user and no password it still asks, on
 *   a terminal: test/cli/tty.test.ts, auth.test.ts);
 * - it loads neither node:child_process (commander's, scripts/commander-lazy.mjs; the
 *   guard's, src/guard/liveness.ts) nor perf_hooks (src/api/transport.ts), nor node:http (pbc
 *   speaks HTTP/1.1 on node:net, src/api/exchange.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseEnv, cli, root } from './helpers.js';

/** `pbc get rules` against nothing listening (port 1), with `node` options before the script. */
function getRules(nodeOptions: string[], env: Record<string, string>) {
  const run = promisify(execFile)(
    process.execPath,
    [...nodeOptions, cli, 'get', 'rules', '-o', 'json'],
    // nothing listens on port 1: the command makes its client, then reports the refusal
    { env: { ...baseEnv(), ...env, PBC_URL: 'http://127.0.0.1:1/rest' } },
  );
  return expect(run).rejects.toMatchObject({ code: 3, stderr: /connection refused/ });
}

describe('pbc get without a user', () => {
  it("loads neither node:child_process, perf_hooks nor node:http (Node's own list of what it loaded)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-loads-'));
    try {
      const list = join(dir, 'loaded.txt');
      const preload = join(dir, 'loaded.cjs');
      await writeFile(
        preload,
        `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`,
      );
      await getRules(['--require', preload], {});
      const loaded = (await readFile(list, 'utf8')).split('\n');
      // (the list is the whole one: the connection the client tried)
      expect(loaded).toContain('NativeModule net');
      expect(loaded).not.toContain('NativeModule child_process');
      expect(loaded).not.toContain('NativeModule perf_hooks');
      expect(loaded).not.toContain('NativeModule http');
      expect(loaded).not.toContain('NativeModule _http_client');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never reads stdin', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-stdin-'));
    try {
      const trace = join(dir, 'stdin.txt');
      await getRules(['--import', join(root, 'test/cli/trace-stdin.mjs')], {
        PBC_TRACE_STDIN: trace,
      });
      const reads = await readFile(trace, 'utf8').catch(() => '');
      expect(reads).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
