/**
 * Remembers what a function computes from a match, per match object and per match text.
 * Per object (a WeakMap) it lives as long as the match: src/store/share-rules.ts keeps an
 * unchanged rule's match the same object from poll to poll. Per text it catches a match read
 * again as a new object; that map holds its entries strongly, so it is cleared when it reaches
 * BY_TEXT_MAX (two full TCAMs): at 200,000, a 65,536-rule table replaced by another (a
 * save-point activated) kept the first table's forms alive, +57 MiB of normal forms
 * (docs/performance.md, "The Overview first").
 */
import { type Match, rememberBounded } from '../model/index.js';

export const BY_TEXT_MAX = 8_192;

export function memoByMatch<T>(compute: (match: Match) => T): (match: Match) => T {
  const byObject = new WeakMap<Match, T>();
  const byText = new Map<string, T>();
  return (match) => {
    let v = byObject.get(match);
    if (v !== undefined) return v;
    let text = '';
    for (const k in match) text += `${k}\u0000${match[k]}\u0001`;
    v = rememberBounded(byText, BY_TEXT_MAX, text, () => compute(match));
    byObject.set(match, v);
    return v;
  };
}
