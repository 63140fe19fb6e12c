/** The `?` help overlay: open, scrolled by the navigation table, closed by Esc, ? or q. */
import { useRef } from 'react';
import { useLive } from '../widgets/use-live.js';
import { resolveKey } from './dispatch.js';
import { helpLayout, helpLines, helpScroll } from './help.js';
import type { ScreenId } from './keymap.js';

/** The commands whose keys close the help (Esc, ? and q as the keymap binds them). */
const CLOSES = new Set(['app.cancel', 'app.help', 'app.quit']);

export function useHelp(readonly: boolean, close: () => void) {
  const [first, setFirst, live] = useLive(0);
  /** The body's size, set by the frame on each render: the help scrolls within it. */
  const size = useRef({ width: 0, height: 0 });
  return {
    first,
    size,
    reset: () => setFirst(0),
    handleKey(key: string, screen: ScreenId) {
      const command = resolveKey(key, [{ scope: 'global', handlers: null }]);
      if (command !== undefined && CLOSES.has(command)) return close();
      // a help taller than the screen scrolls
      const { width, height } = size.current;
      const lines = helpLines(screen, readonly);
      const now = helpLayout(lines, width, height, live.current);
      const next = helpScroll(key, now.first, now.visible);
      if (next !== undefined) setFirst(helpLayout(lines, width, height, next).first);
    },
  };
}
