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

/**
 * The key that sends it as a guarded change (issue 32): auto-revert armed, and the guard
 * also watches the traffic for the window and reverts at once when a guard trips
 * (`confirm.guard`); kept at the window's end otherwise.
 */
export const GUARD_KEY = 'G';
/** The one command of `G`. */
export const GUARD_COMMAND = 'confirm.guard';
