/**
 * Vitest setup (every test file): the change journal goes to a fresh temporary state
 * directory, never to the operator's ~/.local/state/pbc. The CLI-spawning helpers pass
 * PBC_STATE_DIR on to the processes they start.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.PBC_STATE_DIR = mkdtempSync(join(tmpdir(), 'pbc-state-'));
