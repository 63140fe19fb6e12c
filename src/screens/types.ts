/** The contract between the app frame and a screen. */
import type { CommandSlot } from './commands.js';
import type { PickSlot } from './pick.js';

export type KeyHandler = (key: string) => boolean;

export interface ScreenKeys {
  current: KeyHandler | null;
  /**
   * The command a key is bound to in the keymap's dialog layer of this screen (its editor's
   * `rules.editor.apply`, every confirmation's `confirm.revert`), undefined for a key left to
   * text: editors and confirmations act on it, so the keymap table is what they do. Set by
   * the frame (src/tui/use-screen.ts, dispatch.ts `dialogCommand`).
   */
  command(key: string): string | undefined;
  /**
   * Whether a form or question of the screen reads the keys now (the status bar then shows
   * `Esc back`, not the list's keys, which do nothing there). Asked after each render.
   */
  reading?: () => boolean;
}

export interface ScreenProps {
  width: number;
  height: number;
  /** The live `/` filter text ('' for none). */
  filter: string;
  /**
   * Raw keys, for text entry and an open confirmation only: the screen sets this to receive
   * keys first; it returns true when it used the key.
   */
  keys: ScreenKeys;
  /** The screen's command handlers (`useCommands`): keys reach it by command, through the keymap. */
  commands: CommandSlot;
  /** One-line message for the status bar. */
  notify(message: string): void;
  /** An item to select and open (`:port eth-0-2`, Enter on an Overview item); see pick.ts. */
  pick?: PickSlot;
  /** Opens another screen with an item selected and opened there (Overview → a port). */
  show?(screen: string, item: string): void;
}
