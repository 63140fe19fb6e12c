/** The names Tab completes after `:port `, `:rule `, `:group `, `:savepoint `: the device's, from the store. */
import { sanitize } from '../model/index.js';
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
