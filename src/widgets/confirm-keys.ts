/**
 * The key that, in the confirmation of a change with a revert recipe, sends it with
 * auto-revert: one binding (src/tui/keymap.ts `confirm.revert`) and the confirmation's
 * reducer (src/screens/confirm.tsx) read it from here, so every confirmation offers it alike.
 */
export const REVERT_KEY = 'R';
