/**
 * `R` in the confirmation of a change with a revert recipe sends it with auto-revert: one
 * binding (src/tui/keymap.ts, command `confirm.revert`, key `R`). The confirmations act on
 * the command the keymap's dialog layer resolves a key to (src/screens/dialog-keys.ts), so
 * the table decides which key it is; the key is named here for the binding and the text
 * that offers it.
 */
export const REVERT_KEY = 'R';

/** The one command of `R`: what a confirmation's reducer (src/screens/confirm.tsx) acts on. */
export const REVERT_COMMAND = 'confirm.revert';
