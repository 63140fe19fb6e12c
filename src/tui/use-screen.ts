/**
 * The visible screen, switching between screens, and key dispatch to it. A key goes first to
 * the screen's topmost open key layer while it reads text (a form, a confirmation word) or holds a
 * confirmation; otherwise it is resolved through the keymap (src/tui/dispatch.ts): the
 * screen's bindings above the app's, each command run by the screen's handler if it
 * registered one, else by the app's.
 */
import { useRef, useState } from 'react';
import type { CommandHandlers } from '../screens/commands.js';
import type { ScreenKeys } from '../screens/types.js';
import { useLive } from '../widgets/use-live.js';
import { type Dispatched, dialogCommand, openLayer, routeKey } from './dispatch.js';
import type { ScreenId } from './keymap.js';
import { createScreenHints } from './screen-hints.js';

/**
 * Every command name each screen has registered a handler for in this process. The tests
 * (test/screens/write-keys.test.tsx) hold it to the keymap: a screen that handles a command
 * no binding of its own (or a global one) names fails there.
 */
export const registeredCommands = new Map<ScreenId, Set<string>>();

function record(screen: ScreenId, handlers: CommandHandlers | null) {
  if (!handlers) return;
  const seen = registeredCommands.get(screen) ?? new Set<string>();
  for (const c of Object.keys(handlers)) seen.add(c);
  registeredCommands.set(screen, seen);
}

export function useScreen(initial: ScreenId) {
  const [screen, setScreen, live] = useLive<ScreenId>(initial);
  // the screen's layers above its keymap (an open editor or confirmation), and the dialog
  // layer's command of each key
  const keys = useRef<ScreenKeys>({
    layers: [],
    command: (key) => dialogCommand(key, live.current),
  }).current;
  // an item for the screen to select and open (`:port eth-0-2`), used once (screens/pick.ts)
  const pick = useRef<string | null>(null);
  const slot = useRef<CommandHandlers | null>(null);
  // the screen sets `current` on each render (useCommands); what it registers is recorded
  // what the screen handled at its last render, and whether a form or question of it reads
  // the keys now (none of its commands work): the status bar's hints (screen-hints.tsx)
  const [hints] = useState(createScreenHints);
  const shown = useRef('');
  const commands = useRef({
    get current() {
      return slot.current;
    },
    set current(h: CommandHandlers | null) {
      slot.current = h;
      record(live.current, h);
    },
    committed() {
      const now = Object.keys(slot.current ?? {}).sort();
      const reads = openLayer(keys.layers) !== undefined;
      const seen = `${reads ? 'reading:' : ''}${now.join(' ')}`;
      if (seen === shown.current) return;
      shown.current = seen;
      hints.setState({ active: now, reading: reads });
    },
  }).current;
  const go = (id: ScreenId) => {
    keys.layers = [];
    commands.current = null;
    // a screen without commands of its own (Overview) shows none of the last one's
    shown.current = '';
    hints.setState({ active: [], reading: false });
    setScreen(id);
  };
  return {
    screen,
    /** The screen now, for key handlers (ahead of React's render). */
    live,
    /**
     * The commands the screen handles now (its focused view) and whether an open form or
     * question reads the keys, as of the screen's last render: for the status bar alone.
     */
    hints,
    keys,
    commands,
    pick,
    /** Switches to `id` with `item` selected and opened there (the screen finds it). */
    show(id: ScreenId, item: string) {
      pick.current = item;
      if (live.current !== id) go(id);
    },
    go,
    dispatch(key: string, app: CommandHandlers): Dispatched | undefined {
      const d = routeKey(key, keys.layers, [
        { scope: live.current, handlers: commands.current },
        { scope: 'global', handlers: app },
      ]);
      return d.kind === 'read' ? undefined : d;
    },
  };
}
