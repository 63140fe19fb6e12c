import { describe, expect, it } from 'vitest';
import { editorCommands } from '../../test/harness/editor-keys.js';
import { confirmKey, newConfirm } from './confirm.js';

/** The keymap's dialog layer, as the frame gives it: R is confirm.revert. */
const cmd = editorCommands('rules');

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

describe('R: apply with auto-revert', () => {
  const type = (s: ReturnType<typeof newConfirm>, keys: string[], word = '') => {
    let r: ReturnType<typeof confirmKey> = { state: s, event: 'none' };
    for (const k of keys) r = confirmKey(r.state, k, word, true, true, cmd(k));
    return r;
  };
  it('R proposes 5m, the time is editable, Enter applies with it', () => {
    const r = type(newConfirm(null), ['R']);
    expect(r.state.revert?.time.text).toBe('5m');
    const edited = type(r.state, ['backspace', 'backspace', '9', '0', 's', 'enter']);
    expect(edited).toMatchObject({ event: 'confirmRevert', revertMs: 90_000 });
  });
  it('a bad time is refused on the dialog; Esc goes back to y/n', () => {
    const r = type(newConfirm(null), ['R', 'backspace', 'backspace', 'x', 'enter']);
    expect(r.event).toBe('none');
    expect(r.state.revert?.error).toMatch(/30s, 5m or 1m30s/);
    const back = type(r.state, ['escape']);
    expect(back.state.revert).toBeUndefined();
    expect(confirmKey(back.state, 'y', '', true, true).event).toBe('confirm');
  });
  it('is not offered where the change cannot be reverted, read-only, or while a word is typed', () => {
    expect(
      confirmKey(newConfirm(null), 'R', '', true, false, cmd('R')).state.revert,
    ).toBeUndefined();
    expect(
      confirmKey(newConfirm(null), 'R', '', false, true, cmd('R')).state.revert,
    ).toBeUndefined();
    const typing = type(newConfirm(null), ['d', 'e'], 'delete');
    expect(
      confirmKey(typing.state, 'R', 'delete', true, true, cmd('R')).state.revert,
    ).toBeUndefined();
    const typed = type(newConfirm(null), [...'delete'], 'delete');
    expect(
      confirmKey(typed.state, 'R', 'delete', true, true, cmd('R')).state.revert?.time.text,
    ).toBe('5m');
  });
});

describe('G: a guarded change, beside R', () => {
  const type = (keys: string[], revertable = true) => {
    let r: ReturnType<typeof confirmKey> = { state: newConfirm(null), event: 'none' };
    for (const k of keys) r = confirmKey(r.state, k, '', true, revertable, cmd(k));
    return r;
  };
  it('G proposes a 5m window, editable; Enter sends guarded with it', () => {
    expect(type(['G']).state.revert).toMatchObject({ guard: true, time: { text: '5m' } });
    const r = type(['G', 'backspace', 'backspace', '2', 'm', 'enter']);
    expect(r).toMatchObject({ event: 'confirmRevert', revertMs: 120_000, guard: true });
    // R stays a plain auto-revert
    expect(type(['R', 'enter']).guard).toBeUndefined();
  });
  it('is offered only where R is, and Esc goes back to y/n', () => {
    expect(type(['G'], false).state.revert).toBeUndefined();
    expect(type(['G', 'escape']).state.revert).toBeUndefined();
  });
});
