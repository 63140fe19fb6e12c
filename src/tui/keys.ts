import { NAMED_KEYS } from '../widgets/forms/field.js';

/** Ink's (input, key) pair → one canonical key name used by the keymap. */
export interface InkKey {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

export function keyName(input: string, key: InkKey): string {
  // Ctrl-↑/↓ reorder list items in forms (e.g. a rule's actions).
  if (key.upArrow) return key.ctrl ? 'ctrl+up' : 'up';
  if (key.downArrow) return key.ctrl ? 'ctrl+down' : 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Ink 6 reports Backspace as `delete`.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl) return `ctrl+${input}`;
  return input;
}

/** Printable text (a typed character or a pasted run), as opposed to a named key. */
export function isText(input: string, key: InkKey): boolean {
  if (
    input === '' ||
    key.ctrl ||
    key.meta ||
    key.return ||
    key.escape ||
    key.tab ||
    key.backspace ||
    key.delete
  )
    return false;
  if (
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.pageUp ||
    key.pageDown ||
    key.home ||
    key.end
  )
    return false;
  return !/[\u0000-\u001f\u007f]/.test(input);
}

/** A key for the console's handlers: its canonical name, and its text when it is printable. */
export interface ConsoleKey {
  name: string;
  text: string | null;
}

/** Control characters inside a run of keys, by the key that sends them. */
const RUN_CONTROLS: Record<string, string> = {
  '\t': 'tab',
  '\r': 'enter',
  '\n': 'enter',
  '\u007f': 'backspace',
  '\b': 'backspace',
  '\u001b': 'escape',
};

/** One key of a run: a character as itself, a control character as the key that sends it. */
function runKey(ch: string): ConsoleKey | null {
  const named = RUN_CONTROLS[ch];
  if (named) return { name: named, text: null };
  const code = ch.codePointAt(0)!;
  if (code >= 1 && code <= 26)
    return { name: `ctrl+${String.fromCharCode(code + 96)}`, text: null };
  if (code < 32 || (code >= 0x7f && code < 0xa0)) return null;
  return { name: ch, text: ch };
}

/**
 * Ink's (input, key) pair → the keys the operator pressed, in order.
 *
 * - Esc followed at once by a character or a named key (both in one read) reaches Ink as one
 *   Alt+key; no key of the console uses Alt, so it is given back as the two keys it was (a
 *   real Alt+Enter or Alt+↑ counts as Esc first too: Esc never sends anything).
 * - Ink splits what it reads only at escape sequences: keys typed faster than the console reads
 *   them (a slow SSH link, a busy moment, tmux send-keys, a held Backspace) arrive as one string
 *   such as "21", "/ntp" or "\u007f\u007f". Each character is given back as its own key, so
 *   typing ahead works as if the keys had come one by one. (A paste is such a run too; every
 *   confirmation ignores keys that arrive before it is on screen, so a run can type into a field
 *   but never confirm a write it opened itself.)
 */
export function consoleKeys(input: string, key: InkKey): ConsoleKey[] {
  // isText without meta refuses Esc itself, Ctrl and every named key
  if (key.meta && input.length === 1 && isText(input, { ...key, meta: false }))
    return [
      { name: 'escape', text: null },
      { name: input, text: input },
    ];
  // Esc then Enter, an arrow, Tab or Backspace in one read is Alt+that key to Ink. Taken as the
  // key alone, Esc-then-Enter on a confirmation would confirm the write Esc was to cancel.
  const named = keyName(input, { ...key, meta: false });
  if (key.meta && !key.escape && !key.ctrl && NAMED_KEYS.has(named))
    return [
      { name: 'escape', text: null },
      { name: named, text: null },
    ];
  const chars = [...input];
  if (chars.length > 1 && !key.ctrl && !key.meta && keyName(input, key) === input)
    return chars.map(runKey).filter((k) => k !== null);
  return [{ name: keyName(input, key), text: isText(input, key) ? input : null }];
}
