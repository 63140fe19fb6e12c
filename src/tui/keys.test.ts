import { describe, expect, it } from 'vitest';
import { consoleKeys } from './keys.js';

describe('console keys', () => {
  it('a plain character is itself, as text', () => {
    expect(consoleKeys('2', {})).toEqual([{ name: '2', text: '2' }]);
    expect(consoleKeys('G', { shift: true })).toEqual([{ name: 'G', text: 'G' }]);
  });

  it('Esc alone is escape, with no text', () => {
    expect(consoleKeys('', { escape: true, meta: true })).toEqual([{ name: 'escape', text: null }]);
  });

  it('Esc and a character read together (Ink: Alt+character) are the two keys they were', () => {
    expect(consoleKeys('2', { meta: true })).toEqual([
      { name: 'escape', text: null },
      { name: '2', text: '2' },
    ]);
    expect(consoleKeys('?', { meta: true })).toEqual([
      { name: 'escape', text: null },
      { name: '?', text: '?' },
    ]);
  });

  it('named keys with meta (Alt+↑, Esc then an arrow) stay the named key', () => {
    expect(consoleKeys('', { meta: true, upArrow: true })).toEqual([{ name: 'up', text: null }]);
    expect(consoleKeys('', { meta: true, return: true })).toEqual([{ name: 'enter', text: null }]);
  });

  it('control keys and pasted runs are not split', () => {
    expect(consoleKeys('s', { ctrl: true })).toEqual([{ name: 'ctrl+s', text: null }]);
    expect(consoleKeys('abc', {})).toEqual([{ name: 'abc', text: 'abc' }]);
  });
});
