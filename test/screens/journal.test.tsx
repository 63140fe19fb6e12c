/**
 * The change journal in the console: every write the console sends is journaled exactly once
 * (its client carries the journal, also after a reconnect); `u` on the screen where the
 * change was made opens its undo — the same confirmation as any write — and the device is as
 * before; J lists the changes, Enter shows one; --readonly refuses undo.
 */
import { describe, expect, it } from 'vitest';
import { entriesOf, journalOf } from '../../src/ops/journal.js';
import { body, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

async function writes(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

const entries = (t: TestConsole) => {
  const journal = journalOf(t.current().client);
  if (!journal) throw new Error('the console sends writes without a journal');
  return entriesOf(journal.file, { device: t.sim.url });
};

const ruleKeys = async (t: TestConsole) =>
  (await t.admin.rules.list()).rules
    .map((r) => JSON.stringify([r.priority, r.match, r.actions, r.name]))
    .sort();

const statusLine = (frame: string, text: string) =>
  frame.split('\n').find((l) => l.includes(text)) ?? '';

describe('the journal in the console', () => {
  it('journals a write once; u undoes it and the device is as before; J lists it', async () => {
    const t = await session.open('rules', { rows: 40, columns: 120 });
    await t.h.waitFor((x) => x.includes('output:'), 15_000);
    const rulesBefore = await ruleKeys(t);
    const w0 = await writes(t);
    const n0 = entries(t).length;

    await t.h.press('d');
    await t.h.waitFor((x) => /y\/Enter send/.test(body(x)), 10_000);
    await t.h.press('y');
    // a change the device accepts reports in the status line (no box to close)
    // … and says that u undoes it
    await t.h.waitFor((x) => /Delete rule.*: done.* · u undo/.test(x), 15_000);
    expect(await writes(t)).toBe(w0 + 1);
    const [removed, ...rest] = entries(t);
    expect(rest.length).toBe(n0);
    expect(removed!.operation).toBe('rules.remove');
    expect(removed!.before).toHaveLength(1);
    expect(await ruleKeys(t)).not.toEqual(rulesBefore);

    // u on the Rules screen: the undo of the latest change, confirmed like any write
    await t.h.press('u');
    const asked = await t.h.waitFor(
      (x) => /y\/Enter send/.test(body(x)) && x.includes('POST /rules'),
      15_000,
    );
    expect(asked).toContain(`undo ${removed!.id}`);
    expect(await writes(t)).toBe(w0 + 1);
    await t.h.press('y');
    const undone = await t.h.waitFor(
      (x) => x.includes(`undo ${removed!.id} (rules.remove): done`),
      15_000,
    );
    // an undo is not offered again
    expect(statusLine(undone, 'rules.remove): done')).not.toContain('u undo');
    // u switched to the Journal; Esc goes back to the screen it came from
    expect(undone).toContain('Journal ·');
    await t.h.press('escape');
    await t.h.waitFor((x) => !x.includes('Journal ·') && x.includes('output:'), 10_000);
    expect(await ruleKeys(t)).toEqual(rulesBefore);
    const undo = entries(t)[0]!;
    expect(undo).toMatchObject({ operation: 'rules.add', undoOf: removed!.id });
    expect(await writes(t)).toBe(w0 + 2);
    expect(entries(t).length).toBe(n0 + 2);

    // the journal screen: newest first; Enter shows the request and the state before and
    // after as a diff: the deleted rule's lines only before (-), an empty list after (+)
    await t.h.press('J');
    const list = await t.h.waitFor((x) => x.includes('Journal ·'), 10_000);
    expect(list.indexOf(undo.id)).toBeLessThan(list.indexOf(removed!.id));
    expect(list).toContain(`undo of ${removed!.id}`);
    await t.h.press('down');
    await t.h.press('enter');
    const detail = await t.h.waitFor((x) => x.includes('before → after'), 10_000);
    expect(detail).toContain(`Change ${removed!.id}`);
    expect(detail).toContain('DELETE /rules');
    expect(detail).toContain('(- only before, + only after)');
    const rule = removed!.before as { priority: number }[];
    expect(detail).toMatch(new RegExp(`- +"priority": ${rule[0]!.priority},`));
    expect(detail).toMatch(/\+ \[\]/);

    // filtered, the list says how many of how many changes it shows
    await t.h.press('escape');
    await t.h.waitFor((x) => x.includes('Journal ·') && !x.includes('before → after'), 10_000);
    await t.h.press('/');
    await t.type('rules.remove');
    await t.h.press('enter');
    const only = await t.h.waitFor(
      (x) => x.includes(`1 of ${entries(t).length} changes match 'rules.remove'`),
      10_000,
    );
    expect(only).toContain(removed!.id);
    expect(only).not.toContain(undo.id);
  }, 120_000);

  it("a change without an inverse (zeroed counters) reports done without 'u undo'", async () => {
    const t = await session.open('rules', { rows: 40, columns: 120 });
    await t.h.waitFor((x) => x.includes('output:'), 15_000);
    const w0 = await writes(t);
    await t.h.press('z');
    await t.h.waitFor((x) => /y\/Enter send/.test(body(x)), 10_000);
    await t.h.press('y');
    const f = await t.h.waitFor((x) => x.includes('Reset rule counters: done'), 15_000);
    expect(await writes(t)).toBe(w0 + 1);
    expect(entries(t)[0]?.operation).toBe('rules.resetCounters');
    expect(statusLine(f, 'Reset rule counters: done')).not.toContain('u undo');
  });

  it('the console keeps journaling after it reconnects', async () => {
    const t = await session.open('device', { rows: 40, columns: 120 });
    const first = t.current().client;
    expect(journalOf(first)).toBeDefined();
    await t.current().reconnect?.({ url: t.sim.url });
    expect(t.current().client).not.toBe(first);
    expect(journalOf(t.current().client)).toBeDefined();
  }, 60_000);

  it('--readonly refuses undo and sends nothing', async () => {
    const t = await session.open('rules', { rows: 40, columns: 120, readonly: true });
    await t.h.waitFor((x) => x.includes('output:'), 15_000);
    const w0 = await writes(t);
    await t.h.press('u');
    await t.h.waitFor((x) => /undo: .*read-only/i.test(x), 10_000);
    expect(await writes(t)).toBe(w0);
  }, 60_000);
});
