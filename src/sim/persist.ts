/**
 * With --state DIR the device's configuration (not its counters) survives a restart of
 * the process: written as JSON, atomically (write to a temp file, then rename), coalesced
 * so a burst of changes costs one write.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBody, stringify } from './json.js';
import type { SimState } from './state.js';

const FILE = 'device.json';
const dirs = new WeakMap<SimState, string>();
const pending = new WeakMap<SimState, NodeJS.Immediate>();

type Snapshot = Record<string, unknown>;

/** Fields of SimState that are configuration. Maps are stored as entry arrays. */
const MAP_FIELDS = [
  'rules',
  'groups',
  'ruleSavePoints',
  'portSavePoints',
  'users',
  'apps',
] as const;
const PLAIN_FIELDS = [
  'bootRuleSavePoint',
  'nextUserId',
  'uac',
  'radius',
  'nextPid',
  'settings',
  'nextCookie',
  'chassis',
] as const;

export function snapshot(state: SimState): Snapshot {
  const out: Snapshot = { version: 1 };
  const s = state as unknown as Record<string, unknown>;
  for (const f of MAP_FIELDS) out[f] = [...(s[f] as Map<unknown, unknown>).entries()];
  for (const f of PLAIN_FIELDS) out[f] = s[f];
  return out;
}

/** Marks bigint values so they come back as bigint. */
function encode(value: unknown): unknown {
  if (typeof value === 'bigint') return { $big: value.toString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) o[k] = encode(v);
    return o;
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.$big === 'string' && Object.keys(o).length === 1) return BigInt(o.$big);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = decode(v);
    return out;
  }
  return value;
}

function restore(state: SimState, snap: Snapshot): void {
  const s = state as unknown as Record<string, unknown>;
  for (const f of MAP_FIELDS)
    if (Array.isArray(snap[f])) s[f] = new Map(snap[f] as [unknown, unknown][]);
  for (const f of PLAIN_FIELDS) if (snap[f] !== undefined) s[f] = snap[f];
}

function writeNow(state: SimState): void {
  const dir = dirs.get(state);
  if (!dir) return;
  const file = join(dir, FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, stringify(encode(snapshot(state))));
  renameSync(tmp, file);
}

/** Loads DIR/device.json into state if present, and saves every later change there. */
export function attachPersistence(state: SimState, dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  dirs.set(state, dir);
  let loaded = false;
  try {
    const text = readFileSync(join(dir, FILE), 'utf8');
    restore(state, decode(parseBody(text)) as Snapshot);
    loaded = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${join(dir, FILE)}: ${(e as Error).message}`);
  }
  const previous = state.onChange;
  state.onChange = () => {
    previous();
    if (pending.has(state)) return;
    pending.set(
      state,
      setImmediate(() => {
        pending.delete(state);
        writeNow(state);
      }),
    );
  };
  return loaded;
}

export async function flushPersistence(state: SimState): Promise<void> {
  const p = pending.get(state);
  if (p) {
    clearImmediate(p);
    pending.delete(state);
  }
  writeNow(state);
}
