/**
 * Reading a config file (`-f FILE` of diff/apply, `:apply FILE` in the console): its text
 * ('-' = stdin) and the parsed configuration. A bad file throws DesiredFileError (its
 * FILE:LINE:COL lines); a file that cannot be read, a UsageError saying why.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../model/errors.js';
import { type ParseOptions, parseDesired } from './file.js';
import type { DesiredConfig } from './types.js';

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

/** Reads and parses a config file. */
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
