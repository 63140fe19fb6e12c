/** Where the Logs view is, in words for the status line: following, or paused and how far up. */

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/**
 * ` · following`, ` · following from 5 up`, ` · paused (f follows)`,
 * ` · paused 3 lines up · 12 new lines below (f follows)`.
 */
export function positionText(follow: boolean, fromBottom: number, unseen: number): string {
  if (follow) return fromBottom > 0 ? ` · following from ${fromBottom} up` : ' · following';
  const up = fromBottom > 0 ? ` ${lines(fromBottom)} up` : '';
  const below = unseen > 0 ? ` · ${unseen} new ${unseen === 1 ? 'line' : 'lines'} below` : '';
  return ` · paused${up}${below} (f follows)`;
}
