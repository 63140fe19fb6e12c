/**
 * A panel of a screen that scrolls sideways (←/→ a step, Home back to its start) when its
 * lines are wider than the room for them. The window is per item (`item`: the port or rule
 * shown): another item starts at its first column. The commands are offered only while
 * something is cut, so the status bar lists ←/→ only then.
 */
import { useState } from 'react';
import { type HScrollView, hscroll, stepOffset } from '../widgets/index.js';
import type { CommandHandlers } from './commands.js';

export function useHScroll(
  item: string,
  lines: readonly string[],
  width: number,
): { view: HScrollView; commands: CommandHandlers } {
  const [at, setAt] = useState({ item, offset: 0 });
  const view = hscroll(lines, at.item === item ? at.offset : 0, width);
  const move = (offset: number) => setAt({ item, offset });
  const commands: CommandHandlers =
    view.max === 0
      ? {}
      : {
          'view.left': () => move(stepOffset(view.offset, -1, view.max)),
          'view.right': () => move(stepOffset(view.offset, 1, view.max)),
          'nav.top': () => move(0),
        };
  return { view, commands };
}
