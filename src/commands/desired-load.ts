/**
 * `-f FILE` of `pbc diff` and `pbc apply`, read once per process: a bad file prints its
 * FILE:LINE:COL lines and exits 2 before anything talks to the device. `--revert-after`
 * reads the same file again when it arms (stdin can be read only once), so the parsed
 * configuration is kept.
 */
import { DesiredFileError } from '../ops/desired/file.js';
import { readDesiredFile } from '../ops/desired/read.js';
import type { DesiredConfig } from '../ops/desired/types.js';
import { QuietFailure } from './errors.js';
import { maxFileBytes } from './file-size.js';

const loaded = new Map<string, DesiredConfig>();

/** A new run in the same process (test/cli/in-process.ts) reads its files again. */
export function forgetDesiredFiles(): void {
  loaded.clear();
}

export async function loadDesiredFile(
  path: string | undefined,
  maxFileSize?: string,
): Promise<DesiredConfig> {
  const known = path === undefined ? undefined : loaded.get(path);
  if (known) return known;
  try {
    const maxBytes = maxFileBytes(maxFileSize);
    const { config } = await readDesiredFile(path, maxBytes === undefined ? {} : { maxBytes });
    if (path !== undefined) loaded.set(path, config);
    return config;
  } catch (e) {
    return reportFileProblems(e);
  }
}

/**
 * A DesiredFileError as its FILE:LINE:COL lines on stderr (one per problem, not the single
 * error line), then exit 2; anything else is rethrown.
 */
export function reportFileProblems(err: unknown): never {
  if (!(err instanceof DesiredFileError)) throw err;
  process.stderr.write(`${err.lines.join('\n')}\n`);
  throw new QuietFailure(2);
}
