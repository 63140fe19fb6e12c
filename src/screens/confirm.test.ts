import { describe, expect, it } from 'vitest';
import { confirmKey, newConfirm } from './confirm.js';

describe('confirmKey', () => {
  it('y or Enter confirms a plain change, n or Esc goes back', () => {
    const s = newConfirm(null);
    expect(confirmKey(s, 'y', '', true).event).toBe('confirm');
    expect(confirmKey(s, 'enter', '', true).event).toBe('confirm');
    expect(confirmKey(s, 'n', '', true).event).toBe('cancel');
    expect(confirmKey(s, 'escape', '', true).event).toBe('cancel');
    expect(confirmKey(s, 'x', '', true).event).toBe('none');
  });
  it('a dangerous change needs the word typed exactly', () => {
    let s = newConfirm(true);
    expect(confirmKey(s, 'enter', 'delete', true).event).toBe('none');
    for (const ch of 'delet') s = confirmKey(s, ch, 'delete', true).state;
    expect(confirmKey(s, 'enter', 'delete', true).event).toBe('none');
    s = confirmKey(s, 'e', 'delete', true).state;
    expect(confirmKey(s, 'y', 'delete', true).event).toBe('none');
    expect(confirmKey(s, 'enter', 'delete', true).event).toBe('confirm');
  });
  it('Tab toggles the save-point box where there is one', () => {
    const s = newConfirm(true);
    const r = confirmKey(s, 'tab', 'delete', true);
    expect(r.event).toBe('toggleSave');
    expect(r.state.saveFirst).toBe(false);
    expect(confirmKey(newConfirm(null), 'tab', '', true).event).toBe('none');
  });
  it('nothing confirms when the session may not write', () => {
    expect(confirmKey(newConfirm(null), 'y', '', false).event).toBe('none');
    let s = newConfirm(null);
    for (const ch of '3') s = confirmKey(s, ch, '3', false).state;
    expect(confirmKey(s, 'enter', '3', false).event).toBe('none');
  });
});
