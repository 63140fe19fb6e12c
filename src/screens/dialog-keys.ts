/**
 * The keymap's dialog layer for a screen's dialogs and confirmations: the command a key is
 * bound to there (`confirm.revert`), undefined for a key left to text. The frame provides it
 * (src/tui/app.tsx, dispatch.ts `dialogCommand`); screens may not import tui, so it comes in
 * as a context, as the key clock does. Without the frame, no key is bound.
 */
import { createContext, useContext } from 'react';

export type DialogKeys = (key: string) => string | undefined;

export const DialogKeysContext = createContext<DialogKeys>(() => undefined);

export const useDialogKeys = (): DialogKeys => useContext(DialogKeysContext);
