/**
 * Each poll of GET /rules/all brings new rule objects, and with them new match objects: every
 * analysis remembered per match object (compiled matches, normal forms for shadowing and the
 * editor's traffic impact) would be looked up again by the match's text on the next keystroke
 * — about 6 ms of the first keystroke after a poll at 4,096 rules. A rule whose match is the
 * same as in the previous poll (same cookie, same fields and values, in the same order) takes
 * the previous match object instead, so those analyses are found by object. Done once per
 * poll, where the answer arrives, not per keystroke.
 */
import type { Match, Rule } from '../model/index.js';

/** The same fields with the same values, in the same order (the order is shown). */
export function sameMatch(a: Match, b: Match): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || a[k] !== b[k]) return false;
  }
  return true;
}

/**
 * Gives each rule of `next` whose cookie was in `prev` with an equal match that match object
 * (`next` is changed in place; its rules are the poll's own new objects). Returns how many.
 */
export function shareMatches(prev: readonly Rule[] | undefined, next: Rule[]): number {
  if (!prev || prev.length === 0) return 0;
  const byCookie = new Map<bigint, Match>();
  for (const r of prev) byCookie.set(r.cookie, r.match);
  let shared = 0;
  for (const r of next) {
    const old = byCookie.get(r.cookie);
    if (old !== undefined && old !== r.match && sameMatch(old, r.match)) {
      r.match = old;
      shared++;
    }
  }
  return shared;
}
