/**
 * A revert step the logged-in account's level may not send is known when the console's
 * confirmation opens, not when R is pressed nor at expiry: a WRITE user (UAC on) changing a
 * port — its revert activates a port save-point, which needs SUPER — sees "R: the revert
 * would be incomplete — … needs SUPER; 'writer' has WRITE" in the confirmation, computed by
 * the same check the CLI arms with (src/ops/revert/levels.ts). An admin's check finds nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { revertGapsOf } from '../../src/guard/levels.js';
import { readPending } from '../../src/guard/pending.js';
import { WRITE } from '../../src/model/levels.js';
import { PORTS, RULES } from '../../src/ops/revert/plans.js';
import { body, polled, type TestConsole } from './admin-console.js';
import { withBuiltGuard } from './built-guard.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

withBuiltGuard();

const INCOMPLETE =
  /R: the revert would be incomplete — activating the port save-point \(PUT \/savepoints\/activeportsavepoint\) needs SUPER; 'writer' has WRITE/;

/** e on the first port, shut down: yes, Enter — the confirmation of the port change. */
async function confirmPortChange(t: TestConsole): Promise<string> {
  await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 15_000);
  // e needs the port's configuration and the account's level: pressed once both are drawn
  await polled(t, 'config', 'access');
  await t.h.press('e');
  await t.h.waitFor((x) => x.includes('Port eth-0-1 (type 1)'), 10_000);
  await t.h.press(' ');
  await t.h.press('enter');
  return t.h.waitFor((x) => x.includes('Change eth-0-1?'), 10_000);
}

describe('the confirmation says when R could not revert everything', () => {
  it('a WRITE user: the port change confirmation says the revert would be incomplete and why', async () => {
    const sim = await session.deviceWith({
      username: 'writer',
      password: 'writer-pw',
      accesslevel: WRITE,
    });
    const t = await session.open('ports', {
      sim,
      user: 'writer',
      password: 'writer-pw',
      rows: 40,
      columns: 160,
    });
    await confirmPortChange(t);
    const shown = await t.h.waitFor((x) => INCOMPLETE.test(x), 15_000);
    expect(body(shown)).toContain('R send, revert in 5 min unless confirmed');
    // nothing was sent by showing it
    expect((await t.admin.ports.config()).find((p) => p.if_name === 'eth-0-1')?.shutdown).not.toBe(
      true,
    );
  }, 60_000);

  it("a WRITE user's :apply of a file that sets the boot save-point: the journal's confirmation says so; R then arms the rest", async () => {
    const sim = await session.deviceWith({
      username: 'writer',
      password: 'writer-pw',
      accesslevel: WRITE,
    });
    const file = join(mkdtempSync(join(tmpdir(), 'pbc-revert-levels-')), 'half.yaml');
    writeFileSync(
      file,
      `rules:
  - { priority: 3301, name: half-1, match: { in_port: 5 }, actions: [ output:6 ] }
boot_savepoint: spA
`,
    );
    const t = await session.open('overview', {
      sim,
      user: 'writer',
      password: 'writer-pw',
      rows: 40,
      columns: 200,
    });
    await t.admin.savepoints.createRules('spA', '');
    await t.h.press(':');
    await t.type(`apply ${file}`);
    await t.h.press('enter');
    await t.h.waitFor((x) => /y\/Enter send/.test(body(x)) && x.includes('POST /rules'), 20_000);
    const shown = await t.h.waitFor((x) => x.includes('the revert would be incomplete'), 15_000);
    expect(shown).toMatch(
      /R: the revert would be incomplete — setting the boot save-point back \(PUT \/savepoints\/defaultrulesavepoint\) needs SUPER; 'writer' has WRITE/,
    );
    // R after the line: the operator has seen what it cannot undo; it arms the rest
    await t.h.press('R');
    await t.h.waitFor((x) => x.includes('Apply, revert after'), 10_000);
    await t.h.press('enter');
    // the boot step is refused by the device (403), the rule was sent: the revert waits for it
    await t.h.waitFor((x) => x.includes('The change failed'), 30_000);
    const [entry] = readPending().filter((r) => r.device === sim.url && r.state === 'pending');
    expect(entry?.savepoint?.kind).toBe('rules');
  }, 60_000);

  it('the same check for an admin finds nothing, for the writer the reason', async () => {
    const sim = await session.deviceWith({
      username: 'writer',
      password: 'writer-pw',
      accesslevel: WRITE,
    });
    const as = (user: string, password: string) => createClient({ url: sim.url, user, password });
    const admin = as('admin', 'admin');
    const writer = as('writer', 'writer-pw');
    try {
      expect(await revertGapsOf(admin, PORTS, 'admin')).toBe('');
      expect(await revertGapsOf(writer, PORTS, 'writer')).toMatch(
        /needs SUPER; 'writer' has WRITE$/,
      );
      expect(await revertGapsOf(writer, RULES, 'writer')).toBe('');
    } finally {
      await admin.close();
      await writer.close();
    }
  });
});
