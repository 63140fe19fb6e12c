/**
 * A size given on the command line or in the environment: `67108864`, `64MiB`, `64M`,
 * `512k`, `1G`. K, M and G are powers of 1024 (KiB, MiB, GiB; KB/MB/GB read the same).
 */
import { UsageError } from '../model/errors.js';

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const MIN_SIZE = 1024;
/** The longest text V8 holds is 2^29 − 24 characters: the limit stays well below. */
const MAX_SIZE = 256 * 1024 ** 2;

export function parseSize(text: string, what: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmg])(?:i?b)?|b|bytes)?\s*$/i.exec(text);
  const n = m ? Math.floor(Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()]!) : Number.NaN;
  if (!Number.isFinite(n) || n < MIN_SIZE || n > MAX_SIZE)
    throw new UsageError(
      `${what} must be a size from 1KiB to 256MiB, e.g. 64MiB or 128M, got '${text}'`,
    );
  return n;
}
