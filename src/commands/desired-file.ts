/**
 * `pbc export` and `pbc validate -f FILE`: the device's configuration as a config file, and
 * an offline check of one. Reading `-f FILE` is desired-load.ts's.
 */
import { UsageError } from '../model/errors.js';
import { DESIRED_SECTIONS, exportDesired } from '../ops/desired/export.js';
import { formatDesired } from '../ops/desired/format.js';
import { readDesiredFile } from '../ops/desired/read.js';
import type { DesiredSection } from '../ops/desired/types.js';
import { reportFileProblems } from './desired-load.js';
import { maxFileBytes } from './file-size.js';
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

export async function validateFile(
  run: Run,
  opts: { file?: string; maxFileSize?: string },
): Promise<number> {
  let read: Awaited<ReturnType<typeof readDesiredFile>>;
  try {
    const maxBytes = maxFileBytes(opts.maxFileSize);
    read = await readDesiredFile(opts.file, maxBytes === undefined ? {} : { maxBytes });
  } catch (e) {
    return reportFileProblems(e);
  }
  const { config, file } = read;
  const counts = {
    rules: config.rules?.length,
    groups: config.groups?.length,
    ports: config.ports ? Object.keys(config.ports).length : undefined,
    tools: config.tools?.length,
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
