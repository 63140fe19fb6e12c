/** What a filtered list says above itself and in place of an empty list. */
import { describe, expect, it } from 'vitest';
import { emptyNote, matchNote } from './filter-note.js';

describe('filter notes', () => {
  it('an empty list says the filter matched nothing, or, unfiltered, what it says of none', () => {
    expect(emptyNote('eth-9', 'port', 'no ports')).toBe("no port matches 'eth-9'");
    expect(emptyNote('', 'user', 'no users')).toBe('no users');
  });

  it('above a filtered list: how many of how many match; nothing unfiltered', () => {
    expect(matchNote(3, 28, 'eth-0-2', 'ports')).toBe("3 of 28 ports match 'eth-0-2'");
    expect(matchNote(28, 28, '', 'ports')).toBe('');
  });
});
