/**
 * What a change with auto-revert changed, object by object: the watched domains are read
 * when the revert is armed (before the change) and again once the change was sent (the
 * state it left); the objects that differ are the change's own, kept in
 * `<state dir>/revert-<id>.json` (0600) with their before and after values, and a digest of
 * each domain as the change left it (so the guard can tell whether anything at all changed
 * since). At expiry (expiry.ts) only those objects are set back, and only while the device
 * still holds what the change left.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '../api/index.js';
import { ensureStateDir, stateDir } from '../config/state-dir.js';
import { DOMAINS, type DomainName, type Objects } from './domains.js';

export type Snapshot = Partial<Record<DomainName, Objects>>;

export interface Change {
  domain: DomainName;
  key: string;
  /** null: the object did not exist. */
  before: unknown;
  after: unknown;
}

/** Recorded in the pending entry once the change was sent. */
export interface Watch {
  domains: DomainName[];
  /** Digest of each domain as the change left it. */
  afterDigest: Partial<Record<DomainName, string>>;
  /** How many objects the change changed. */
  changes: number;
}

const canon = (v: unknown) => JSON.stringify(v ?? null);
export const sameValue = (a: unknown, b: unknown) => canon(a) === canon(b);

export function digest(objects: Objects | undefined): string {
  const keys = Object.keys(objects ?? {}).sort();
  const h = createHash('sha256');
  for (const k of keys) h.update(`${k}\0${canon(objects?.[k])}\n`);
  return h.digest('hex');
}

export async function snapshot(c: Client, domains: readonly DomainName[]): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const d of domains) out[d] = await DOMAINS[d].read(c);
  return out;
}

/** The objects that differ between `before` and `after`. */
export function diff(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  for (const d of Object.keys(after) as DomainName[]) {
    const b = before[d] ?? {};
    const a = after[d] ?? {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)]))
      if (!sameValue(b[key], a[key]))
        out.push({ domain: d, key, before: b[key] ?? null, after: a[key] ?? null });
  }
  return out;
}

export const changesPath = (id: string, env: NodeJS.ProcessEnv = process.env) =>
  join(stateDir(env), `revert-${id}.json`);

export function writeChanges(id: string, changes: Change[], env: NodeJS.ProcessEnv): void {
  ensureStateDir(env);
  const path = changesPath(id, env);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ changes }), { mode: 0o600 });
  renameSync(tmp, path);
}

/** The change's objects; throws when the file cannot be read (the guard then fails, saying so). */
export function readChanges(id: string, env: NodeJS.ProcessEnv): Change[] {
  const parsed = JSON.parse(readFileSync(changesPath(id, env), 'utf8')) as { changes?: Change[] };
  if (!Array.isArray(parsed.changes)) throw new Error(`${changesPath(id, env)}: no changes in it`);
  return parsed.changes;
}

export function removeChanges(id: string, env: NodeJS.ProcessEnv): void {
  rmSync(changesPath(id, env), { force: true });
}

/** The watch of a change: its objects written aside, the digest of what it left. */
export function recordWatch(
  id: string,
  before: Snapshot,
  after: Snapshot,
  env: NodeJS.ProcessEnv,
): Watch {
  const changes = diff(before, after);
  writeChanges(id, changes, env);
  const domains = Object.keys(after) as DomainName[];
  return {
    domains,
    afterDigest: Object.fromEntries(domains.map((d) => [d, digest(after[d])])),
    changes: changes.length,
  };
}
