/**
 * No lost update in the console (issue 31): the rule editor is open on a rule while another
 * operator changes that rule; Ctrl-S and y show the three-way view (base / theirs / yours)
 * and send nothing. `r` reloads — their change becomes the base, the edit stays — and only
 * the next confirmation sends: the operator's edit (the actions) on top of theirs (the name).
 */
import { describe, expect, it } from 'vitest';
import { CTRL_S, CTRL_U, rulesMountPerTest } from './rules-console.js';

const mount = rulesMountPerTest();

describe('rule editor while someone else changes the rule', () => {
  it('Ctrl-S shows base / theirs / yours and sends nothing until reloaded and confirmed', async () => {
    const c = await mount({ columns: 120, rows: 40 });
    await c.ui.waitFor((f) => f.includes('tap-1'));
    const tap = (await c.admin.rules.list()).rules.find((r) => r.name === 'tap-1')!;
    for (let i = 0; i < 20 && !/›[^\n]*tap-1 /.test(c.ui.lastFrame()); i++) await c.keys('down');
    await c.keys('e');
    await c.ui.waitFor((f) => f.includes('Edit rule'));
    await c.keys(CTRL_U); // the actions field has the focus
    await c.type('output:10');
    // another operator renames the rule while the editor is open
    const key = { priority: tap.priority, match: tap.match };
    await c.admin.rules.modify({ ...key, actions: tap.actions, name: 'theirs' });

    await c.keys(CTRL_S);
    await c.ui.waitFor((f) => /confirm/.test(f));
    await c.keys('y');
    const f = await c.ui.waitFor((x) => x.includes('theirs:'));
    expect(f).toContain('base:');
    expect(f).toContain('"name":"theirs"');
    expect(f).toContain('yours:');
    expect(f).toContain('r reload');
    expect(c.sent).toEqual([]);
    expect((await c.admin.rules.list()).rules.find((r) => r.priority === tap.priority)?.name).toBe(
      'theirs',
    );

    await c.keys('r');
    await c.ui.waitFor((x) => x.includes('reloaded: your edit'));
    expect(c.sent).toEqual([]);
    await c.keys(CTRL_S);
    await c.ui.waitFor((x) => /confirm/.test(x));
    await c.keys('y');
    await c.ui.waitFor((x) => x.includes(': done'));
    expect(c.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/rules',
        // their rename stays (a field the operator did not touch), the operator's actions on top
        query: expect.objectContaining({ name: 'theirs', actions: 'output:10' }),
      }),
    ]);
  }, 60_000);
});
