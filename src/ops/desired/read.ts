/**
 * Reading a config file (`-f FILE` of diff/apply/validate, `:apply FILE` in the console):
 * its text ('-' = stdin) and the parsed configuration. A bad file throws DesiredFileError
 * (its FILE:LINE:COL lines); a file that cannot be read, or is bigger than the limit, a
 * UsageError saying why — the limit is checked before the file is read or parsed, so a
 * huge file costs nothing (parsing takes ~75 bytes of memory per byte of YAML).
 */
import { open } from 'node:fs/promises';
import { formatBytes } from '../../api/transport.js';
import { UsageError } from '../../model/errors.js';
import { type ParseOptions, parseDesired } from './file.js';
import type { DesiredConfig } from './types.js';

/**
 * The biggest config file read by default: 8 MiB holds an export of ~34,000 rules (about
 * 245 bytes each), far above a 4,096-flow TCAM; `--max-file-size` / PBC_MAX_FILE raise it.
 */
export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface ReadOptions extends ParseOptions {
  /** Bytes read at most; a bigger file is refused unread. */
  maxBytes?: number;
}

function tooLarge(file: string, size: string, limit: number): UsageError {
  return new UsageError(
    `${file} is ${size}, over the limit of ${formatBytes(limit)} for a config file — nothing was parsed; raise the limit with --max-file-size (e.g. --max-file-size 32MiB) or PBC_MAX_FILE`,
  );
}

/** The file's text, refused before reading when its size is over `limit`; never reads past it. */
async function readBounded(path: string, limit: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > limit) throw tooLarge(path, formatBytes(size), limit);
    // a file that grows meanwhile, or a FIFO (size 0), is read in chunks up to the limit
    return await bounded(handle.createReadStream({ autoClose: false }), path, limit);
  } finally {
    await handle.close();
  }
}

async function bounded(
  stream: AsyncIterable<unknown>,
  file: string,
  limit: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += (c as Buffer).length;
    if (size > limit) throw tooLarge(file, `over ${formatBytes(limit)}`, limit);
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of `path` ('-' = stdin) and the name problems give it. */
async function readText(path: string, limit: number): Promise<{ text: string; file: string }> {
  if (path === '-')
    return { text: await bounded(process.stdin, '<stdin>', limit), file: '<stdin>' };
  try {
    return { text: await readBounded(path, limit), file: path };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : ((e as Error).message ?? code)}`,
    );
  }
}

/** Reads and parses a config file. */
export async function readDesiredFile(
  path: string | undefined,
  opts: ReadOptions = {},
): Promise<{ config: DesiredConfig; file: string }> {
  if (path === undefined || path === '')
    throw new UsageError(
      '-f FILE is required (a config file as pbc export writes it; - reads stdin)',
    );
  const { text, file } = await readText(path, opts.maxBytes ?? DEFAULT_MAX_FILE_BYTES);
  return { config: parseDesired(text, file, opts), file };
}
