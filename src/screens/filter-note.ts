/** What a filtered list says: above itself, and when nothing is left to show. */
import { sanitize } from '../model/index.js';

/** Above the list: `3 of 28 ports match 'eth-0-2'` ('' unfiltered). */
export function matchNote(shown: number, total: number, filter: string, noun: string): string {
  if (!filter) return '';
  return `${shown} of ${total} ${noun} match '${sanitize(filter)}'`;
}

/** In place of an empty list: `no port matches 'eth-0-2'` under a filter, else `none`. */
export function emptyNote(filter: string, noun: string, none: string): string {
  return filter ? `no ${noun} matches '${filter}'` : none;
}
