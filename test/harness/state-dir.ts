/**
 * Vitest setup (every test file): the change journal goes to a fresh temporary state
 * directory, never to the operator's ~/.local/state/pbc. The CLI-spawning helpers pass
 * PBC_STATE_DIR on to the processes they start.
 *
 * In the files that share a worker's modules (the 'shared' project, vitest.config.ts), the
 * secrets an earlier file's requests remembered (e.g. the simulator's password 'admin') are
 * forgotten, so they are not masked in this file's texts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetSecrets } from '../../src/api/mask.js';

process.env.PBC_STATE_DIR = mkdtempSync(join(tmpdir(), 'pbc-state-'));
forgetSecrets();
