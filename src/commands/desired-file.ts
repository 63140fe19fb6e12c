/**
 * `pbc export` and `pbc validate -f FILE`: the device's configuration as a config file, and
 * an offline check of one. `readDesiredFile` and `reportFileProblems` are for every
 * command that takes `-f FILE` (diff, apply).
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../model/errors.js';
import { DESIRED_SECTIONS, exportDesired } from '../ops/desired/export.js';
import { DesiredFileError, type ParseOptions, parseDesired } from '../ops/desired/file.js';
import { formatDesired } from '../ops/desired/format.js';
import type { DesiredConfig, DesiredSection } from '../ops/desired/types.js';
import { QuietFailure } from './errors.js';
import { write } from './output.js';
import type { Run } from './run.js';

export function parseSections(text: string | undefined): DesiredSection[] {
  if (text === undefined) return [...DESIRED_SECTIONS];
  const out: DesiredSection[] = [];
  for (const word of text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)) {
    if (!DESIRED_SECTIONS.includes(word as DesiredSection))
      throw new UsageError(
        `--only: unknown section '${word}' (use ${DESIRED_SECTIONS.join(', ')})`,
      );
    if (!out.includes(word as DesiredSection)) out.push(word as DesiredSection);
  }
  if (out.length === 0)
    throw new UsageError(`--only needs sections (${DESIRED_SECTIONS.join(', ')})`);
  return out;
}

function exportFormat(option: string | undefined): 'yaml' | 'json' {
  const o = (option ?? '').toLowerCase();
  if (o === '' || o === 'yaml' || o === 'yml' || o === 'table') return 'yaml';
  if (o === 'json') return 'json';
  throw new UsageError(`unknown output format '${option}' (export writes -o yaml or -o json)`);
}

export async function exportConfig(run: Run, opts: { only?: string }): Promise<number> {
  const format = exportFormat(run.g.output);
  const only = parseSections(opts.only);
  const client = await run.client();
  const device = await run.device();
  const config = await exportDesired(client, only, { warn: (m) => run.warn(m) });
  const url = device.url.replace(/\/\/[^/@]*@/, '//');
  write(formatDesired(config, format, { device: url, at: new Date() }));
  return 0;
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

export async function validateFile(run: Run, opts: { file?: string }): Promise<number> {
  let read: Awaited<ReturnType<typeof readDesiredFile>>;
  try {
    read = await readDesiredFile(opts.file);
  } catch (e) {
    return reportFileProblems(e);
  }
  const { config, file } = read;
  const counts = {
    rules: config.rules?.length,
    groups: config.groups?.length,
    ports: config.ports ? Object.keys(config.ports).length : undefined,
  };
  const said = Object.entries(counts)
    .filter(([, n]) => n !== undefined)
    .map(([k, n]) => `${n} ${n === 1 ? k.slice(0, -1) : k}`);
  const owned = [
    ...said,
    ...(config.group_hash ? ['group_hash'] : []),
    ...(config.boot_savepoint !== undefined ? ['boot_savepoint'] : []),
  ];
  await run.print(
    { file, valid: true, ...counts },
    () => `${file}: valid (${owned.length > 0 ? owned.join(', ') : 'owns nothing'})`,
  );
  return 0;
}
