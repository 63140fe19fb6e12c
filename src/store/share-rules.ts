/**
 * Structural sharing between polls of GET /rules/all. Each poll of a 65,536-rule table brings
 * 65,536 new rule objects, most of them equal to the previous poll's: held side by side while
 * the new list is committed and its rows made, the two copies were most of the console's
 * memory (docs/performance.md, "Memory at 65,536 rules"). A rule equal in every field to the
 * previous poll's rule with its cookie is replaced by that object (so everything remembered
 * per rule object stays found); a changed one keeps its own object but takes the previous
 * one's equal parts (match, actions, strings, counters), so the new copies are garbage at once.
 * Done once per poll, where the answer arrives.
 */
import type { Rule } from '../model/index.js';
import { sameMatch } from './share-matches.js';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Shares `old`'s parts that equal `r`'s into `r` (the poll's own new object); true if all do. */
function shareParts(old: Rule, r: Rule): boolean {
  let same = old.priority === r.priority && old.malformed === r.malformed;
  if (old.match === r.match || sameMatch(old.match, r.match)) r.match = old.match;
  else same = false;
  if (sameList(old.actions, r.actions)) r.actions = old.actions;
  else same = false;
  for (const k of ['name', 'description', 'datarate'] as const) {
    if (old[k] === r[k]) r[k] = old[k];
    else same = false;
  }
  for (const k of ['n_packets', 'n_bytes'] as const) {
    if (old[k] === r[k]) r[k] = old[k];
    else same = false;
  }
  return same && old.datarate_raw === r.datarate_raw && old.real_flow_ct === r.real_flow_ct;
}

/**
 * What each rule of a new poll becomes: the rule of `prev` with its cookie if equal in every
 * field, else the new rule (the poll's own object) with that rule's equal parts. `prev`'s
 * rules are never changed. Given to the normalizer, which applies it as each rule is read:
 * the new objects of unchanged rules are then garbage at once, not a second table.
 */
export function ruleSharer(prev: readonly Rule[] | undefined): ((r: Rule) => Rule) | undefined {
  if (!prev || prev.length === 0) return undefined;
  const byCookie = new Map<bigint, Rule>();
  for (const r of prev) byCookie.set(r.cookie, r);
  return (r) => {
    const old = byCookie.get(r.cookie);
    if (old === undefined || old === r) return r;
    r.cookie = old.cookie;
    return shareParts(old, r) ? old : r;
  };
}
