/**
 * Vitest setup (every test file): the change journal goes to a fresh temporary state
 * directory, never to the operator's ~/.local/state/pbc, removed once the file's tests are
 * done. The CLI-spawning helpers pass PBC_STATE_DIR on to the processes they start.
 *
 * In the files that share a worker's modules (the 'shared' project, vitest.config.ts), the
 * secrets an earlier file's requests remembered (e.g. the simulator's password 'admin') are
 * forgotten, so they are not masked in this file's texts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { forgetSecrets } from '../../src/api/mask.js';

const dir = mkdtempSync(join(tmpdir(), 'pbc-state-'));
process.env.PBC_STATE_DIR = dir;
forgetSecrets();
// (removed with the file's last test: a run of the suite left ~170 of them in the temporary directory)
afterAll(() => rmSync(dir, { recursive: true, force: true }));
