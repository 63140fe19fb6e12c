/**
 * The visible screen, switching between screens, and key dispatch to it. A key goes first to
 * the screen's raw handler while it reads text (a form, a confirmation word) or holds a
 * confirmation; otherwise it is resolved through the keymap (src/tui/dispatch.ts): the
 * screen's bindings above the app's, each command run by the screen's handler if it
 * registered one, else by the app's.
 */
import { useRef } from 'react';
import type { CommandHandlers } from '../screens/commands.js';
import type { KeyHandler } from '../screens/types.js';
import { type Dispatched, dispatchKey } from './dispatch.js';
import type { ScreenId } from './keymap.js';
import { useLive } from './use-live.js';

export function useScreen(initial: ScreenId) {
  const [screen, setScreen, live] = useLive<ScreenId>(initial);
  const keys = useRef<KeyHandler | null>(null);
  const commands = useRef<CommandHandlers | null>(null);
  return {
    screen,
    /** The screen now, for key handlers (ahead of React's render). */
    live,
    keys,
    commands,
    go(id: ScreenId) {
      keys.current = null;
      commands.current = null;
      setScreen(id);
    },
    dispatch(key: string, app: CommandHandlers): Dispatched | undefined {
      if (keys.current?.(key)) return undefined;
      return dispatchKey(key, [
        { scope: live.current, handlers: commands.current },
        { scope: 'global', handlers: app },
      ]);
    },
  };
}
