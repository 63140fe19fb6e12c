/**
 * The status bar's key hints for the focused view: the screen's hinted bindings whose command
 * the screen handles now (inside a port's detail, that view's keys, not the list's), `Esc
 * back` while the screen has a view to go back from, and — with `--readonly` — each write
 * key marked `(off)`, in words, so that it reads without colour. While a form or question of
 * the screen reads the keys, none of those work: only `Esc back`.
 */
import type { KeyHint } from '../widgets/index.js';
import { BINDINGS, keyLabel, type ScreenId } from './keymap.js';

/** Hint labels are the binding label's first word (`edit`, `delete`, `sort`). */
const short = (label: string) => label.split(' ')[0]?.replace(/:$/, '') ?? label;

export function statusHints(
  screen: ScreenId,
  active: readonly string[],
  readonly: boolean,
  reading = false,
): KeyHint[] {
  // an open form or question takes every key (its own line lists them): only Esc leaves it
  if (reading) return [{ key: 'Esc', label: 'back · keys go to the open form or question' }];
  const now = new Set(active);
  const own = BINDINGS.filter(
    (b) => b.scope === screen && b.hint && !b.within && now.has(b.command),
  );
  return [
    { key: '1-9', label: 'screens' },
    // a wide panel in view scrolls sideways (first: the view's keys may not all fit)
    ...(now.has('view.right') ? [{ key: '←/→', label: 'scroll' }] : []),
    ...own.map((b) => ({
      key: b.keys.map(keyLabel).join('/'),
      label: `${short(b.label)}${b.write && readonly ? ' (off)' : ''}`,
    })),
    ...(now.has('app.cancel') ? [{ key: 'Esc', label: 'back' }] : []),
    { key: '/', label: 'filter' },
    { key: '?', label: 'help', pinned: true },
    { key: 'q', label: 'quit', pinned: true },
  ];
}
