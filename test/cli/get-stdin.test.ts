/**
 * A scripted read without a user never makes process.stdin's stream (src/config/credentials.ts:
 * whether pbc may prompt is asked only when it must): ~1 ms of every `pbc get`. With a user
 * and no password it still asks, on a terminal (test/cli/tty.test.ts, auth.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseEnv, cli, root } from './helpers.js';

describe('pbc get without a user', () => {
  it('never reads stdin', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-stdin-'));
    try {
      const trace = join(dir, 'stdin.txt');
      const run = promisify(execFile)(
        process.execPath,
        ['--import', join(root, 'test/cli/trace-stdin.mjs'), cli, 'get', 'rules', '-o', 'json'],
        // nothing listens on port 1: the command makes its client, then reports the refusal
        { env: { ...baseEnv(), PBC_TRACE_STDIN: trace, PBC_URL: 'http://127.0.0.1:1/rest' } },
      );
      await expect(run).rejects.toMatchObject({ code: 3, stderr: /connection refused/ });
      const reads = await readFile(trace, 'utf8').catch(() => '');
      expect(reads).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
