/** Parsing of command-line values shared by the write commands. */

import { UsageError } from '../model/errors.js';
import { ruleKeyText } from '../model/match-text.js';
import type { Match } from '../model/types.js';
import { splitActions } from '../model/vocabulary.js';

/** `--match in_port=1 --match tcp --match tcp_dst=443` → {in_port:'1', tcp:'', tcp_dst:'443'}. */
export function parseMatch(items: string[] | undefined): Match {
  const match: Match = {};
  for (const item of items ?? []) {
    const eq = item.indexOf('=');
    const field = (eq < 0 ? item : item.slice(0, eq)).trim();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (field === '' || /\s/.test(field))
      throw new UsageError(
        `--match '${item}' is not FIELD=VALUE or a key-only FIELD (e.g. --match tcp_dst=443 --match tcp)`,
      );
    if (Object.hasOwn(match, field)) throw new UsageError(`--match ${field} is given twice`);
    match[field] = value;
  }
  return match;
}

/** `--actions output:2,push_vlan:0x8100` (repeatable; joined with commas). */
export function parseActions(items: string[] | undefined): string[] {
  return splitActions((items ?? []).join(','));
}

export function parseInteger(
  text: string | undefined,
  what: string,
  lo: number,
  hi: number,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < lo || n > hi)
    throw new UsageError(`${what} must be an integer ${lo}..${hi}, got '${text}'`);
  return n;
}

export function parsePriority(text: string | undefined): number | undefined {
  return parseInteger(text, '--priority', 0, 65535);
}

/** A 64-bit cookie as decimal or 0x hex; sent in decimal. */
export function parseCookie(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (/^(0x[0-9a-f]{1,16}|\d{1,20})$/i.test(t)) {
    const v = BigInt(t);
    if (v < 1n << 64n) return v.toString();
  }
  throw new UsageError(
    `--cookie must be a 64-bit unsigned integer (decimal or 0x hex), got '${text}'`,
  );
}

const LEVELS: Record<string, number> = { none: 0, read: 1, r: 1, write: 7, w: 7, super: 31, s: 31 };

/** read|write|super or 1|7|31 (and none|0 where `allowNone`). */
export function parseLevel(
  text: string | undefined,
  what: string,
  allowNone = false,
): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  const n = LEVELS[t] ?? (/^\d+$/.test(t) ? Number(t) : Number.NaN);
  if (n === 1 || n === 7 || n === 31 || (allowNone && n === 0)) return n;
  throw new UsageError(
    `${what} must be ${allowNone ? 'none (0), ' : ''}read (1), write (7) or super (31), got '${text}'`,
  );
}

export function parseOnOff(text: string, what: string): boolean {
  const t = text.trim().toLowerCase();
  if (['on', 'true', 'yes', '1', 'enable', 'enabled'].includes(t)) return true;
  if (['off', 'false', 'no', '0', 'disable', 'disabled'].includes(t)) return false;
  throw new UsageError(`${what} must be on or off, got '${text}'`);
}

/** `--param key=value` (repeatable) → {key: value}. */
export function parseParams(items: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param '${item}' is not KEY=VALUE`);
    out[item.slice(0, eq).trim()] = item.slice(eq + 1);
  }
  return out;
}

/** `priority 100 in_port=1 tcp`: src/model's one match formatter. */
export const describeRule = (priority: number, match: Match) => ruleKeyText(priority, match);

/** Warns that a secret given as an argument is visible to other local users. */
export function argvSecretWarning(flag: string, instead: string): string {
  return `${flag} on the command line is visible in the process list and shell history; prefer ${instead}`;
}

/** An app instance's process id. */
export const pidOf = (text: string) => parseInteger(text, 'PID', 0, 2 ** 31 - 1)!;
