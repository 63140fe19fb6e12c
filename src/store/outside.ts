/**
 * Changes from outside: a change of rules, groups, port settings or save-points seen between
 * two polls that this console did not make (the poller knows: see Poller.writing). Kept in
 * the console's state for the status line and the Journal; `outsideText` is its one wording.
 */
import { type Delta, diffGroups, diffPorts, diffRules, diffSavepoints } from './outside-diff.js';
import type { ResourceData, ResourceKey } from './resources.js';

/** The resources whose changes from outside are noticed, and how each is named. */
export const OUTSIDE_FAMILIES = {
  rules: 'rules',
  groups: 'groups',
  config: 'ports',
  savepoints: 'save-points',
} as const satisfies Partial<Record<ResourceKey, string>>;

export type OutsideKey = keyof typeof OUTSIDE_FAMILIES;

export interface ObservedChange {
  /** `rules`, `groups`, `ports`, `save-points`. */
  what: string;
  /** When this console saw it (ms): the poll that brought it. */
  at: number;
  added: number;
  removed: number;
  changed: number;
  /** The first ITEMS_KEPT objects, `+ rule 'web' priority 10 in_port=1` (`−` removed, `~` changed). */
  items: string[];
}

/** Objects named per observed change (the counts are whole). */
export const ITEMS_KEPT = 12;

/** At most this many observed changes are kept in the console's state. */
export const OBSERVED_KEPT = 50;

export const isOutsideKey = (k: ResourceKey): k is OutsideKey => k in OUTSIDE_FAMILIES;

type Differ<K extends OutsideKey> = (a: ResourceData[K], b: ResourceData[K]) => Delta;

const DIFFERS: { [K in OutsideKey]: Differ<K> } = {
  rules: (a, b) => diffRules(a.rules, b.rules),
  groups: diffGroups,
  config: diffPorts,
  savepoints: diffSavepoints,
};

/** What changed from `before` to `after`; undefined when nothing did. */
export function observe<K extends OutsideKey>(
  key: K,
  before: ResourceData[K],
  after: ResourceData[K],
  at: number,
): ObservedChange | undefined {
  const d = (DIFFERS[key] as Differ<K>)(before, after);
  if (d.added.length + d.removed.length + d.changed.length === 0) return undefined;
  const items = [
    ...d.added.map((l) => `+ ${l}`),
    ...d.removed.map((l) => `− ${l}`),
    ...d.changed.map((l) => `~ ${l}`),
  ].slice(0, ITEMS_KEPT);
  const { added, removed, changed } = d;
  return {
    what: OUTSIDE_FAMILIES[key],
    at,
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    items,
  };
}

/** `rules changed outside this console: +1 −0 ~2 · J` — J opens the Journal. */
export function outsideText(o: ObservedChange): string {
  return `${o.what} changed outside this console: +${o.added} −${o.removed} ~${o.changed} · J`;
}

/** `list` with what `key` changed from `before` to `after` at `at` added (when anything did). */
export function withObserved(
  list: readonly ObservedChange[],
  key: ResourceKey,
  before: unknown,
  after: unknown,
  at: number,
): readonly ObservedChange[] {
  if (!isOutsideKey(key) || before === undefined) return list;
  const o = observe(key, before as never, after as never, at);
  return o ? [...list, o].slice(-OBSERVED_KEPT) : list;
}
