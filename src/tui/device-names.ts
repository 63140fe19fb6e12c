/** The names Tab completes after `:port `, `:rule `, `:group `, `:savepoint `: the device's, from the store. */
import { sanitize } from '../model/index.js';
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleState } from '../store/store.js';
import type { ItemKind } from './palette.js';

const unique = (xs: readonly string[]) => [...new Set(xs.filter((x) => x !== ''))];

export function deviceNames(st: ConsoleState): Partial<Record<ItemKind, readonly string[]>> {
  const r = st.resources;
  const ports = [...(r.info.data ?? []), ...(r.config.data ?? [])];
  const sp = r.savepoints.data;
  return {
    port: unique(ports.map((p) => sanitize(p.if_name))),
    rule: unique((r.rules.data?.rules ?? []).map((x) => sanitize(x.name))),
    group: unique((r.groups.data ?? []).map((g) => String(g.group_id))),
    savepoint: unique([...(sp?.rules ?? []), ...(sp?.ports ?? [])].map((s) => sanitize(s.name))),
  };
}

const SOURCES: Record<ItemKind, readonly ResourceKey[]> = {
  port: ['info', 'config'],
  rule: ['rules'],
  group: ['groups'],
  savepoint: ['savepoints'],
  log: [],
};

/** The resources to read for completing `typed` (`rule ta`) when the store has none of them yet. */
export function namesToRead(typed: string, st: ConsoleState): readonly ResourceKey[] | null {
  const word = /^\s*(\S+)\s/.exec(typed)?.[1]?.toLowerCase().replace(/-/g, '');
  if (!word) return null;
  const kind = (Object.keys(SOURCES) as ItemKind[]).find((k) => word === k || word === `${k}s`);
  const keys = kind ? SOURCES[kind] : [];
  return keys.length > 0 && keys.every((k) => st.resources[k].data === undefined) ? keys : null;
}
