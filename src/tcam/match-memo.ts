/**
 * Remembers what a function computes from a match, per match object and per match text:
 * each poll brings new rule objects whose matches repeat the last poll's. The text cache is
 * cleared when it reaches 200,000 entries, so memory stays bounded.
 */
import type { Match } from '../model/index.js';

const BY_TEXT_MAX = 200_000;

export function memoByMatch<T>(compute: (match: Match) => T): (match: Match) => T {
  const byObject = new WeakMap<Match, T>();
  const byText = new Map<string, T>();
  return (match) => {
    let v = byObject.get(match);
    if (v !== undefined) return v;
    let text = '';
    for (const k in match) text += `${k}\u0000${match[k]}\u0001`;
    v = byText.get(text);
    if (v === undefined) {
      v = compute(match);
      if (byText.size >= BY_TEXT_MAX) byText.clear();
      byText.set(text, v);
    }
    byObject.set(match, v);
    return v;
  };
}
