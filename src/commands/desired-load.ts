/**
 * `-f FILE` of `pbc diff` and `pbc apply`, read once per process: a bad file prints its
 * FILE:LINE:COL lines and exits 2 before anything talks to the device. `--revert-after`
 * reads the same file again when it arms (stdin can be read only once), so the parsed
 * configuration is kept.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../model/errors.js';
import { DesiredFileError, type ParseOptions, parseDesired } from '../ops/desired/file.js';
import type { DesiredConfig } from '../ops/desired/types.js';
import { QuietFailure } from './errors.js';

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

/** The text of `path` ('-' = stdin) and the name problems give it. */
async function readText(path: string): Promise<{ text: string; file: string }> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return { text: Buffer.concat(chunks).toString('utf8'), file: '<stdin>' };
  }
  try {
    return { text: await readFile(path, 'utf8'), file: path };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : ((e as Error).message ?? code)}`,
    );
  }
}

/** Reads and parses `-f FILE`; a bad file throws DesiredFileError (see reportFileProblems). */
export async function readDesiredFile(
  path: string | undefined,
  opts: ParseOptions = {},
): Promise<{ config: DesiredConfig; file: string }> {
  if (path === undefined || path === '')
    throw new UsageError(
      '-f FILE is required (a config file as pbc export writes it; - reads stdin)',
    );
  const { text, file } = await readText(path);
  return { config: parseDesired(text, file, opts), file };
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
