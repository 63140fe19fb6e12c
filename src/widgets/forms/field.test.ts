import { describe, expect, it } from 'vitest';
import { complete, editText, isPrintable, moveFocus, textField } from './field.js';

describe('text field', () => {
  it('inserts at the cursor, moves, deletes', () => {
    let f = textField('tcp');
    f = editText(f, '_')!;
    f = editText(f, 'dst')!;
    expect(f).toEqual({ text: 'tcp_dst', cursor: 7 });
    f = editText(editText(editText(f, 'left')!, 'left')!, 'backspace')!;
    expect(f).toEqual({ text: 'tcp_st', cursor: 4 });
    expect(editText(f, 'home')!.cursor).toBe(0);
    expect(editText(f, 'ctrl+e')!.cursor).toBe(6);
    expect(editText(f, 'ctrl+u')).toEqual({ text: 'st', cursor: 0 });
    expect(editText(textField(''), 'backspace')).toEqual({ text: '', cursor: 0 });
  });
  it('leaves navigation and control keys to the form', () => {
    for (const k of ['up', 'down', 'tab', 'shift+tab', 'enter', 'escape', 'ctrl+s', '\u0007'])
      expect(editText(textField('x'), k)).toBeNull();
    expect(isPrintable(' ')).toBe(true);
    expect(isPrintable('10.0.0.0/8')).toBe(true);
  });
});

describe('focus and completion', () => {
  it('moves with wrap-around', () => {
    expect(moveFocus(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(moveFocus(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(moveFocus(['a', 'b'], 'gone', 1)).toBe('a');
  });
  it('completes like a shell: to the common prefix, or not at all', () => {
    expect(complete('tcp_d', ['tcp_dst', 'tcp_src'])).toBe('tcp_dst');
    expect(complete('tcp', ['tcp', 'tcp_dst', 'tcp_src', 'tcp6'])).toBeNull();
    expect(complete('ud', ['udp', 'udp_src', 'udp_dst', 'udp6'])).toBe('udp');
    expect(complete('x', ['tcp'])).toBeNull();
  });
});
