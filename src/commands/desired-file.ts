/**
 * `-f FILE` of `pbc diff` and `pbc apply`: the configuration file read and checked
 * (ops/desired/file.ts) before anything talks to the device; `-` reads stdin. A file that
 * cannot be read or used is a usage error (exit 2), and nothing is sent.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../model/errors.js';
import type { DesiredConfig } from '../ops/desired/types.js';

/** Files read by this process (stdin can be read once; `--revert-after` needs it again). */
const loaded = new Map<string, DesiredConfig>();

export async function loadDesiredFile(file: string | undefined): Promise<DesiredConfig> {
  const known = file === undefined ? undefined : loaded.get(file);
  if (known) return known;
  if (file === undefined || file === '')
    throw new UsageError(
      '-f FILE is required (a pbc configuration file, YAML or JSON; - reads stdin)',
    );
  let text: string;
  try {
    if (file === '-') {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
    } else text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const { parseDesired } = await import('../ops/desired/file.js');
  const config = parseDesired(text, file === '-' ? '(stdin)' : file);
  loaded.set(file, config);
  return config;
}
