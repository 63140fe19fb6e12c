/**
 * Changes from outside, the whole console on a simulated device over HTTP: a rule another
 * client adds shows in the status line with the first rules poll that began after it, and
 * J lists it (what, when seen) beside the console's own writes; a port another client shuts
 * down shows as one port changed; the console's own delete
 * never shows as a change from outside, neither its refresh nor the polls after it.
 */
import { describe, expect, it } from 'vitest';
import { untilStore } from '../harness/console.js';
import { body, polled, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

const rulePolls = (t: TestConsole) => t.current().poller.started.get('rules') ?? 0;

/** Resolves once `n` more rules polls than now have been committed. */
async function morePolls(t: TestConsole, n: number): Promise<void> {
  const target = rulePolls(t) + n;
  let seen = 0;
  await untilStore(t.store, (s) => {
    const at = s.resources.rules.updatedAt ?? 0;
    if (rulePolls(t) >= target && at > seen && !s.resources.rules.inFlight) return true;
    seen = at;
    return false;
  });
}

describe('changes from outside this console', () => {
  it('a rule another client adds shows in the status line within one poll, and J lists it', async () => {
    const t = await session.open('rules', { columns: 120, rows: 30 });
    await polled(t, 'rules');
    const before = rulePolls(t);
    await t.admin.rules.add({
      priority: 4321,
      match: { in_port: '3' },
      actions: ['output:4'],
      name: 'theirs',
    });
    await untilStore(t.store, (s) => s.observed.length > 0);
    // the poll under way when it was added, or the next one: never a later one
    expect(rulePolls(t)).toBeLessThanOrEqual(before + 1);
    expect(t.store.getState().observed[0]).toMatchObject({
      what: 'rules',
      added: 1,
      removed: 0,
      changed: 0,
    });
    await t.h.waitFor((x) => x.includes('rules changed outside this console: +1 −0 ~0 · J'));
    await t.h.press('J');
    const journal = await t.h.waitFor((x) => body(x).includes('outside: rules'));
    expect(body(journal)).toMatch(/outside: rules +\+1 −0 ~0: \+ rule 'theirs'.* seen/);
    await t.h.press('enter');
    const detail = await t.h.waitFor((x) => body(x).includes('changed outside this console'));
    expect(detail).toMatch(/Seen \w+ · ↑\/↓ scroll/); // no undo offered
    expect(body(detail)).toMatch(/rules changed outside this console · seen \S+ · \+1 −0 ~0/);
    expect(body(detail)).toContain("+ rule 'theirs' priority 4321 in_port=3");
  });

  it('the console’s own delete never shows as a change from outside', async () => {
    const t = await session.open('rules', { columns: 120, rows: 30 });
    await t.h.waitFor((x) => x.includes('output:'), 15_000);
    await t.h.press('d');
    await t.h.waitFor((x) => /y\/Enter send/.test(body(x)), 10_000);
    await t.h.press('y');
    await t.h.waitFor((x) => /Delete rule.*: done/.test(x), 15_000);
    await morePolls(t, 3);
    expect(t.store.getState().observed).toEqual([]);
    // … while another client's change right after it is seen
    await t.admin.rules.add({ priority: 4322, match: { in_port: '5' }, actions: ['output:6'] });
    await untilStore(t.store, (s) => s.observed.length > 0);
    expect(t.store.getState().observed.map((o) => [o.what, o.added, o.removed])).toEqual([
      ['rules', 1, 0],
    ]);
  });

  it('a port another client shuts down: ports changed outside, one changed', async () => {
    const t = await session.open('ports', { columns: 120, rows: 30 });
    await polled(t, 'config');
    await t.admin.ports.setConfig('eth-0-7', { shutdown: true });
    await untilStore(t.store, (s) => s.observed.length > 0);
    expect(t.store.getState().observed[0]).toMatchObject({
      what: 'ports',
      changed: 1,
      items: ['~ port eth-0-7'],
    });
    await t.h.waitFor((x) => x.includes('ports changed outside this console: +0 −0 ~1 · J'));
  });
});
