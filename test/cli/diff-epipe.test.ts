/**
 * `pbc diff -f F | head`: the reader closes the pipe before diff has written its plan
 * (EPIPE). The exit status must still say that something differs (1), not 0 — a script
 * reading only the first lines must not be told "no difference".
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, type CliSim, cli, startCliSim } from './helpers.js';

let s: CliSim;
beforeAll(async () => {
  s = await startCliSim();
});
afterAll(() => s.close());

/** Runs pbc with its stdout a pipe already closed by the reader; resolves with the exit code. */
async function closedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { env: baseEnv() });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const [code] = await once(child, 'exit');
  return { code, stderr };
}

describe('pbc diff with stdout closed early', () => {
  it('exits 1 when something differs, and 0 when nothing does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-diff-epipe-'));
    const file = join(dir, 'more.yaml');
    writeFileSync(
      file,
      'rules:\n  - priority: 321\n    name: epipe\n    match: { in_port: 7 }\n    actions: [ output:8 ]\n',
    );
    const differs = await closedStdout(['--url', s.url, 'diff', '-f', file]);
    expect(differs.stderr).toBe('');
    expect(differs.code).toBe(1);
    const same = join(dir, 'same.yaml');
    writeFileSync(same, (await s.run(['export'])).stdout);
    const nothing = await closedStdout(['--url', s.url, 'diff', '-f', same]);
    expect(nothing.code).toBe(0);
  });
});
