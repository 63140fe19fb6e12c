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

  it('Esc and a named key read together (Ink: Alt+Enter, Alt+↑) are Esc, then the key', () => {
    const esc = { name: 'escape', text: null };
    expect(consoleKeys('', { meta: true, upArrow: true })).toEqual([
      esc,
      { name: 'up', text: null },
    ]);
    expect(consoleKeys('\r', { meta: true, return: true })).toEqual([
      esc,
      { name: 'enter', text: null },
    ]);
    expect(consoleKeys('', { meta: true, tab: true, shift: true })).toEqual([
      esc,
      { name: 'shift+tab', text: null },
    ]);
  });

  it('a control key is one key', () => {
    expect(consoleKeys('s', { ctrl: true })).toEqual([{ name: 'ctrl+s', text: null }]);
  });

  it('keys read together (typed ahead over a slow link) are the keys they were, in order', () => {
    const t = (ch: string) => ({ name: ch, text: ch });
    expect(consoleKeys('21', {})).toEqual([t('2'), t('1')]);
    expect(consoleKeys('/ntp\r', {})).toEqual([
      t('/'),
      t('n'),
      t('t'),
      t('p'),
      { name: 'enter', text: null },
    ]);
    expect(consoleKeys('\u007f\u007f', {})).toEqual([
      { name: 'backspace', text: null },
      { name: 'backspace', text: null },
    ]);
    expect(consoleKeys('a\tb\u0013', {})).toEqual([
      t('a'),
      { name: 'tab', text: null },
      t('b'),
      { name: 'ctrl+s', text: null },
    ]);
    // what the form editors cut apart themselves before the app did it for every screen
    const named = (name: string) => ({ name, text: null });
    expect(consoleKeys('\t1,2', {})).toEqual([named('tab'), t('1'), t(','), t('2')]);
    expect(consoleKeys('\u0015100', {})).toEqual([named('ctrl+u'), t('1'), t('0'), t('0')]);
    expect(consoleKeys('web\r', {})).toEqual([t('w'), t('e'), t('b'), named('enter')]);
    expect(consoleKeys('a\u007fb', {})).toEqual([t('a'), named('backspace'), t('b')]);
    // characters beyond the BMP stay whole; other control characters are dropped
    expect(consoleKeys('é😀\u0000\u009b', {})).toEqual([t('é'), t('😀')]);
  });
});
