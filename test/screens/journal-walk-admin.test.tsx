/**
 * Every write key of Save-points, Users, Apps and Device (and u, undo), sent for real:
 * exactly the journal entries of its requests (see journal-walk-edit.test.tsx).
 */
import { describe } from 'vitest';
import { walkScreens } from './journal-walk.js';
import { ADMIN_WALKS } from './journal-walk-admin-drivers.js';

describe('every write key of the keymap journals its write', () => {
  walkScreens(ADMIN_WALKS);
});
