/**
 * The Groups list: one row per group, by id, with the rules that use it (usageIndex), its
 * buckets in one line and its search text for the `/` filter; and a group's detail pairs.
 */
import type { Group, Rule } from '../../model/index.js';
import type { KeyValuePair } from '../../widgets/index.js';
import { TYPE_WORDS } from './editor-state.js';
import { ruleLine } from './model.js';

export interface GroupRow {
  group: Group;
  users: Rule[];
  buckets: string;
  search: string;
}

/** `w3 output:4 | output:5`: each bucket's watch port and actions. */
export const bucketText = (g: Group) =>
  g.buckets
    .map((b) => `${b.watch_port ? `w${b.watch_port} ` : ''}${b.actions.join(',')}`)
    .join(' | ');

/** The rows, by group id; `usage`: the rules that use each group (usageIndex). */
export function groupRows(
  groups: readonly Group[],
  usage: ReadonlyMap<number, Rule[]>,
): GroupRow[] {
  return [...groups]
    .sort((a, b) => a.group_id - b.group_id)
    .map((g): GroupRow => {
      const users = usage.get(g.group_id) ?? [];
      const buckets = bucketText(g);
      return {
        group: g,
        users,
        buckets,
        search:
          `${g.group_id} ${g.type} ${TYPE_WORDS[g.type]} ${buckets} ${g.description} ${users.map((u) => u.name).join(' ')}`.toLowerCase(),
      };
    });
}

/** The rows whose id, type, buckets, description or users' names hold `filter` (any case). */
export function filterGroups(rows: readonly GroupRow[], filter: string): readonly GroupRow[] {
  const f = filter.trim().toLowerCase();
  return f ? rows.filter((r) => r.search.includes(f)) : rows;
}

export function detailPairs(
  row: GroupRow,
  ports: ReadonlyMap<number, { name?: string; shutdown: boolean }> | undefined,
): KeyValuePair[] {
  const g = row.group;
  const pairs: KeyValuePair[] = [
    ['group id', String(g.group_id)],
    ['type', `${TYPE_WORDS[g.type]} (${g.type})`],
    ['description', g.description],
  ];
  for (const [i, b] of g.buckets.entries()) {
    const p = b.watch_port ? ports?.get(Number(b.watch_port)) : undefined;
    const watch = b.watch_port
      ? `watch ${b.watch_port}${p ? ` (${p.name ?? ''}${p.shutdown ? ', shut down' : ''})` : ''}`
      : 'no watch port';
    pairs.push([i === 0 ? 'buckets' : '', `${i + 1}. ${watch} → ${b.actions.join(',')}`]);
  }
  if (row.users.length === 0) pairs.push(['used by', 'no rule']);
  for (const [i, r] of row.users.entries()) pairs.push([i === 0 ? 'used by' : '', ruleLine(r)]);
  return pairs;
}
