/**
 * Keys typed faster than the console reads them (a slow SSH link, a busy moment) reach it in
 * one read: Ink hands such a run over as one string. The console takes each key in turn —
 * except that a key read together with the one that opened a confirmation never confirms it.
 */
import { describe, expect, it } from 'vitest';
import { UNSEEN } from '../../src/screens/key-clock.js';
import { body, polled } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

describe('keys read together', () => {
  it('switch screens, open the filter and type into it, Backspace twice', async () => {
    const t = await session.open('overview');
    await t.h.waitFor((f) => f.includes('pb-lab-01') && f.includes('● live'), 5000);
    t.h.write('21'); // Ports, then Overview
    await t.h.waitFor((f) => f.includes('[1 Overview]'));
    t.h.write('6/system');
    let f = await t.h.waitFor(
      (x) => x.includes('[6 Logs]') && x.includes('/system') && x.includes('pb-lab-01 started'),
      5000,
    );
    expect(f).toMatch(/\d+ of \d+ lines match 'system'/);
    t.h.write('\u007f\u007f\u007f\u007f\r');
    f = await t.h.waitFor((x) => x.includes("lines match 'sy'") && !x.includes('/sy '));
    expect(f).toContain('device pb-lab-01 started');
  });

  it('a rule delete typed ahead with its y opens the confirmation but sends nothing', async () => {
    const t = await session.open('rules', { rows: 30 });
    // the access level too: before it is known, d only says so (and the run tests nothing)
    await t.h.waitFor(
      (f) => f.includes('tap-1') && f.includes('4 rules') && f.includes('UAC off'),
      5000,
    );
    const writes = t.sim.faults.writes;
    t.h.write('jdy'); // tap-1, delete, y — all in one read
    let f = await t.h.waitFor((x) => x.includes('Delete rule — confirm'));
    expect(f).toContain("deletes 'tap-1'");
    await t.h.waitFor((x) => x.includes(UNSEEN.slice(0, 40)));
    // every key handled: the y did not confirm — the confirmation still waits, nothing sent
    f = await t.h.settle();
    expect(f).toContain('Delete rule — confirm');
    expect(t.sim.faults.writes).toBe(writes);
    expect(t.sim.state.rules.size).toBe(4);
    // the confirmation is on screen now: y sends it
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('Delete rule: done'), 5000);
    expect(t.sim.state.rules.size).toBe(3);
  });

  it('a save-point delete typed ahead with its y asks and waits', async () => {
    const t = await session.open('savepoints', { rows: 34 });
    await t.admin.savepoints.createRules('zz-spare');
    await t.h.waitFor((f) => f.includes('zz-spare') && f.includes('10/4096'), 8000);
    t.h.write('Gdy'); // last save-point, delete, y — all in one read
    await t.h.waitFor((x) => x.includes("Delete rule save-point 'zz-spare'?"));
    await t.h.waitFor((x) => x.includes(UNSEEN.slice(0, 40)));
    const f = await t.h.settle(); // every key handled: the question still waits
    expect(f).toContain("Delete rule save-point 'zz-spare'?");
    expect(t.sim.state.ruleSavePoints.has('zz-spare')).toBe(true);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("rule save-point 'zz-spare' deleted"), 5000);
    expect(t.sim.state.ruleSavePoints.has('zz-spare')).toBe(false);
  });

  it('Logs: z and y typed together do not clear the device log', async () => {
    const t = await session.open('logs');
    await t.h.waitFor((f) => f.includes('device pb-lab-01 started'), 5000);
    const writes = t.sim.faults.writes;
    t.h.write('zy');
    const asked = await t.h.waitFor((x) => x.includes(UNSEEN.slice(0, 40)));
    const f = await t.h.settle(); // every key handled: the question still waits, nothing sent
    expect(body(f)).toBe(body(asked));
    expect(t.sim.faults.writes).toBe(writes);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('device log cleared'), 5000);
  });

  it('↓ and e each in a read of its own, faster than a frame: e edits the row ↓ moved to', async () => {
    const t = await session.open('ports', { rows: 40 });
    await polled(t, 'config', 'info');
    await t.h.waitFor((x) => x.includes('›eth-0-1 '));
    // two reads back to back, no render between them (a fast typist over SSH)
    t.h.write('\u001b[B');
    t.h.write('e');
    const f = await t.h.waitFor((x) => x.includes('(type 1)'));
    expect(f).toContain('Port eth-0-2 (type 1)');
    expect(f).not.toContain('Port eth-0-1 (type 1)');
  });
});
