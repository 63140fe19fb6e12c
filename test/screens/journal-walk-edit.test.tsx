/**
 * Every write key of the keymap, sent for real (Ports, Logs, Rules, Groups here; the other
 * screens in journal-walk-admin.test.tsx): exactly the journal entries of its requests.
 * The keys are enumerated from the keymap, so a new write key without a driver fails.
 */
import { describe, expect, it } from 'vitest';
import { WRITE_COMMANDS, walkScreens } from './journal-walk.js';
import { ADMIN_WALKS } from './journal-walk-admin-drivers.js';
import { EDIT_WALKS } from './journal-walk-edit-drivers.js';

describe('every write key of the keymap journals its write', () => {
  it('every write binding has a driver (a new write key cannot skip this walk)', () => {
    const driven = [...EDIT_WALKS, ...ADMIN_WALKS].flatMap((w) => w.drivers.map(([c]) => c));
    expect(WRITE_COMMANDS.filter((c) => !driven.includes(c))).toEqual([]);
    expect(driven.filter((c) => !WRITE_COMMANDS.includes(c))).toEqual([]);
  });
  walkScreens(EDIT_WALKS);
});
