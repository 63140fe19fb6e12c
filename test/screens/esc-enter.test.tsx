/**
 * Esc, then Enter, typed fast over a slow link reach the console in one read, which Ink reports
 * as Alt+Enter. On a confirmation that must be Esc (cancel) and then Enter — not Enter alone,
 * which would confirm the very write Esc was pressed to cancel.
 */
import { describe, expect, it } from 'vitest';
import { deviceWrites, polled } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

describe('Esc and Enter in one read on a confirmation', () => {
  it('cancel it, then Enter acts on the list: nothing is sent, every rule stays', async () => {
    const t = await session.open('rules', { columns: 80, rows: 24 });
    await polled(t, 'rules', 'savepoints');
    const before = await deviceWrites(t);
    const names = (await t.admin.rules.list()).rules.map((r) => r.name).sort();
    await t.h.press('d');
    await t.h.waitFor((f) => f.includes('Delete rule — confirm'));
    t.h.write('\u001b\r'); // one read: Ink sees Alt+Enter
    // Esc closed the question, Enter then opened the selected rule's detail
    const detail = await t.h.waitFor((f) => f.includes('shadowed by'));
    expect(detail).not.toContain('Delete rule');
    expect(detail).toContain('nothing was sent');
    expect(await deviceWrites(t)).toBe(before);
    // (before the fix: Enter alone confirmed, and the selected rule was deleted)
    expect((await t.admin.rules.list()).rules.map((r) => r.name).sort()).toEqual(names);
  });
});
