/**
 * Keys by command. A screen does not look at key letters: it registers what each command of
 * the keymap does on it now, by name (`'rules.delete'`, `'nav.down'`), and the app frame's
 * dispatcher (src/tui/dispatch.ts) resolves a key to a command through the keymap and calls
 * the handler. A command the screen does not register at the moment (no row selected, a
 * pane not shown) does nothing.
 *
 * Text entry is not command dispatch: while a form, a filter or a confirmation reads raw
 * keys, the screen takes them through `ScreenProps.keys` instead.
 */
import { useLayoutEffect } from 'react';
import type { ListMove } from '../widgets/index.js';
import { NAV_MOVES } from '../widgets/index.js';

export type CommandHandler = () => void;
export type CommandHandlers = Readonly<Record<string, CommandHandler>>;
export interface CommandSlot {
  current: CommandHandlers | null;
  /**
   * Called as each render of the screen commits, before the frame is drawn: the frame reads
   * what the screen handles now (its focused view: a list, a detail, a sub-list) for the
   * status bar's hints, which are then drawn in the same frame as the view (Ink draws a
   * commit's frame after its layout effects: scripts/ink-output-cache.mjs).
   */
  committed?: () => void;
}

/**
 * Registers this render's command handlers in the slot the frame gave the screen. Called on
 * every render, so the handlers always see the screen's current state.
 */
export function useCommands(slot: CommandSlot, handlers: CommandHandlers): void {
  slot.current = handlers;
  // a layout effect: its update to the status bar renders before Ink draws (an effect's would
  // come after, and the status bar lag the view by a frame)
  useLayoutEffect(() => slot.committed?.());
}

/** Handlers for the `nav.*` commands (the one navigation table), each making its move. */
export function navCommands(move: (m: ListMove) => void): CommandHandlers {
  return Object.fromEntries(
    Object.entries(NAV_MOVES).map(([command, m]) => [command, () => move(m)]),
  );
}
