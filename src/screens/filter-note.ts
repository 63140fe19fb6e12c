/** What a filtered list says above itself: `3 of 28 ports match 'eth-0-2'` ('' unfiltered). */
import { sanitize } from '../model/index.js';

export function matchNote(shown: number, total: number, filter: string, noun: string): string {
  if (!filter) return '';
  return `${shown} of ${total} ${noun} match '${sanitize(filter)}'`;
}
