/**
 * `-f FILE` of `pbc diff` and `pbc apply`, read once per process: a bad file prints its
 * FILE:LINE:COL lines and exits 2 before anything talks to the device. `--revert-after`
 * reads the same file again when it arms (stdin can be read only once), so the parsed
 * configuration is kept.
 */
import type { DesiredConfig } from '../ops/desired/types.js';
import { readDesiredFile, reportFileProblems } from './desired-file.js';

const loaded = new Map<string, DesiredConfig>();

export async function loadDesiredFile(path: string | undefined): Promise<DesiredConfig> {
  const known = path === undefined ? undefined : loaded.get(path);
  if (known) return known;
  try {
    const { config } = await readDesiredFile(path);
    if (path !== undefined) loaded.set(path, config);
    return config;
  } catch (e) {
    return reportFileProblems(e);
  }
}
