/**
 * The key that, in the confirmation of a change with a revert recipe, sends it with
 * auto-revert: one binding (src/tui/keymap.ts `confirm.revert`) and the confirmation's
 * reducer (src/screens/confirm.tsx) read it from here, so every confirmation offers it alike.
 */
export const REVERT_KEY = 'R';

/**
 * The key that sends it as a guarded change (issue 32): auto-revert armed, and the guard
 * also watches the traffic for the window and reverts at once when a guard trips
 * (`confirm.guard`); kept at the window's end otherwise.
 */
export const GUARD_KEY = 'G';
