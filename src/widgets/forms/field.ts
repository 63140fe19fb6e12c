/**
 * Pure pieces of the console's forms: a one-line text field with a cursor, focus moves
 * over a list of targets, and shell-like completion. The one form engine (form-engine.ts)
 * builds on these for every form; rendering is in view.tsx.
 */

export interface TextField {
  text: string;
  /** Insertion point, 0..text.length. */
  cursor: number;
}

export const textField = (text = ''): TextField => ({ text, cursor: text.length });

/** Key names the frame produces for non-character keys (src/tui/keys.ts). */
export const NAMED_KEYS: ReadonlySet<string> = new Set([
  'up',
  'down',
  'left',
  'right',
  'pageup',
  'pagedown',
  'home',
  'end',
  'enter',
  'escape',
  'tab',
  'shift+tab',
  'backspace',
]);

/** A key that types text: one printable character, or a pasted run of them. */
export function isPrintable(key: string): boolean {
  if (key.length === 0 || NAMED_KEYS.has(key) || key.startsWith('ctrl+')) return false;
  return !/[\u0000-\u001f\u007f-\u009f]/.test(key);
}

/**
 * The field after an editing key, or null when the key does not edit text (the form then
 * treats it as navigation). Handles characters and paste, Backspace, ←/→, Home/End,
 * Ctrl-A/Ctrl-E (start/end) and Ctrl-U (clear to the start).
 */
export function editText(f: TextField, key: string): TextField | null {
  const cursor = Math.max(0, Math.min(f.cursor, f.text.length));
  switch (key) {
    case 'left':
      return { text: f.text, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { text: f.text, cursor: Math.min(f.text.length, cursor + 1) };
    case 'home':
    case 'ctrl+a':
      return { text: f.text, cursor: 0 };
    case 'end':
    case 'ctrl+e':
      return { text: f.text, cursor: f.text.length };
    case 'backspace':
      if (cursor === 0) return f;
      return { text: f.text.slice(0, cursor - 1) + f.text.slice(cursor), cursor: cursor - 1 };
    case 'ctrl+u':
      return { text: f.text.slice(cursor), cursor: 0 };
  }
  if (!isPrintable(key)) return null;
  return {
    text: f.text.slice(0, cursor) + key + f.text.slice(cursor),
    cursor: cursor + key.length,
  };
}

/** The focus target `delta` steps from `current` (wrapping), or the first one. */
export function moveFocus(targets: readonly string[], current: string, delta: number): string {
  if (targets.length === 0) return current;
  const i = targets.indexOf(current);
  if (i === -1) return targets[0]!;
  return targets[(i + delta + targets.length) % targets.length]!;
}

export function commonPrefix(words: readonly string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/**
 * Shell-like Tab: extends `text` to the longest common prefix of the candidates that
 * start with it. Null when that adds nothing (the form then moves to the next field).
 */
export function complete(text: string, candidates: readonly string[]): string | null {
  const fitting = candidates.filter((c) => c.startsWith(text));
  if (fitting.length === 0) return null;
  const prefix = commonPrefix(fitting);
  return prefix.length > text.length ? prefix : null;
}
