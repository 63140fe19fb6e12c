/**
 * For console tests that arm an auto-revert: the console starts the guard from the script it
 * runs as (process.argv[1]), here the built pbc; no guard outlives its test (they are the
 * test's own children).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { cli } from '../cli/helpers.js';

export function withBuiltGuard(): void {
  const argv1 = process.argv[1];
  beforeAll(() => {
    process.argv[1] = cli;
  });
  afterAll(() => {
    if (argv1 !== undefined) process.argv[1] = argv1;
  });
  afterEach(() => {
    for (const r of readPending())
      if (r.state === 'pending' || r.state === 'reverting')
        try {
          process.kill(r.guardPid, 'SIGKILL');
        } catch {}
  });
}
