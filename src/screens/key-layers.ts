/**
 * A screen's key layers above its keymap scope (types.ts `KeyLayer`), top first: its
 * confirmation, then a form or its editor. The frame asks them, in order, for each key
 * (src/tui/dispatch.ts `routeKey`) and shows `Esc back` while one is open.
 */

import { dialogPage } from './dialogs/dialog-view.js';
import type { DialogControl } from './dialogs/use-dialog.js';
import type { KeyHandler, KeyLayer, ScreenKeys } from './types.js';

/** Sets the screen's layers for this render (called on every render, as `useCommands`). */
export function useKeyLayers(keys: ScreenKeys, layers: readonly KeyLayer[]): void {
  keys.layers = layers;
}

/** A layer open while `open()`, reading keys with `key`. */
export const layer = (open: () => boolean, key: KeyHandler): KeyLayer => ({ open, key });

/** A screen's dialog (form, confirmation, busy note, view) in a body `height` lines high. */
export const dialogLayer = (dialog: DialogControl, height: number): KeyLayer =>
  layer(
    () => dialog.isOpen,
    (key) => dialog.handleKey(key, dialogPage(height)),
  );

/** A change's confirmation (use-change.tsx): open while it is. */
export const changeLayer = (change: { isOpen: boolean; key: KeyHandler }): KeyLayer =>
  layer(
    () => change.isOpen,
    (key) => change.key(key),
  );
