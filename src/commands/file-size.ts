/**
 * `--max-file-size SIZE` (or PBC_MAX_FILE) of validate, diff and apply: the biggest config
 * file read; a bigger one is refused before it is read or parsed (src/ops/desired/read.ts).
 * Kept apart from desired-load.ts so that defining the commands loads no YAML parser.
 */
import { parseSize } from '../config/size.js';

export const MAX_FILE_FLAG = '--max-file-size <size>';
export const MAX_FILE_HELP =
  'refuse a config file bigger than this, unread (default 8MiB, or PBC_MAX_FILE)';

/** The limit in bytes, or undefined for the default. */
export function maxFileBytes(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): number | undefined {
  if (option !== undefined) return parseSize(option, '--max-file-size');
  if (env.PBC_MAX_FILE) return parseSize(env.PBC_MAX_FILE, 'PBC_MAX_FILE');
  return undefined;
}
