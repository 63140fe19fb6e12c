/** The contract between the app frame and a screen. */
import type { CommandSlot } from './commands.js';
import type { PickSlot } from './pick.js';

export type KeyHandler = (key: string) => boolean;

/**
 * A layer above the screen's own keys: a confirmation, a dialog, a form or an editor. While
 * `open()` it reads every key first (`key` returns false for a key it leaves to the keymap);
 * the layers below it, the screen's and the app's bindings do not see what it takes. The frame
 * routes keys through them (src/tui/dispatch.ts `routeKey`): dialog › editor › screen › app.
 */
export interface KeyLayer {
  open(): boolean;
  key: KeyHandler;
}

export interface ScreenKeys {
  /**
   * The screen's layers above its keymap scope, top first (its confirmation above its editor),
   * as of its last render; set with `useKeyLayers` (screens/key-layers.ts).
   */
  layers: readonly KeyLayer[];
  /**
   * The command a key is bound to in the keymap's dialog layer of this screen (its editor's
   * `rules.editor.apply`, every confirmation's `confirm.revert`), undefined for a key left to
   * text: editors and confirmations act on it, so the keymap table is what they do. Set by
   * the frame (src/tui/use-screen.ts, dispatch.ts `dialogCommand`).
   */
  command(key: string): string | undefined;
}

export interface ScreenProps {
  width: number;
  height: number;
  /** The live `/` filter text ('' for none). */
  filter: string;
  /** The screen's key layers (an open confirmation, form or editor reads keys first). */
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
