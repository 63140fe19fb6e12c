/**
 * A rule the device describes without an exact identity (priority null, a match value null)
 * is shown as malformed, and neither d + confirm nor e sends anything for it: a DELETE built
 * from a guessed key (priority 32768, in_port '') once made the device delete other rules.
 * The simulator cannot hold such a rule, so a proxy in front of it adds one to GET /rules/all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import { startSim } from '../../src/sim/server.js';
import { type DeviceProxy, withBogus } from '../cli/device-proxy.js';
import { cleanup } from '../harness/render.js';
import { mountRules, type RulesConsole } from './rules-console.js';

let open: { c: RulesConsole; proxy: DeviceProxy; sim: SimServer } | undefined;
afterEach(async () => {
  await open?.c.close();
  await open?.proxy.close();
  await open?.sim.close();
  open = undefined;
  cleanup();
});

async function mountBogus() {
  const sim = await startSim({ port: 0, host: '127.0.0.1' });
  const proxy = await withBogus(sim.url);
  const c = await mountRules({ sim: { url: proxy.url } as SimServer, columns: 120 });
  open = { c, proxy, sim };
  return open;
}

describe('a malformed rule', () => {
  it('is shown as malformed, and d + confirm or e send nothing', async () => {
    const { c, proxy } = await mountBogus();
    let f = await c.ui.waitFor(
      (x) => x.includes('bogus') && x.includes('tap-1') && x.includes('UAC off'),
      15_000,
    );
    const row = f.split('\n').find((l) => l.includes('bogus')) ?? '';
    expect(row).toMatch(/^\s*\? bogus\s+✖ malformed: pr/);
    expect(row).not.toContain('32768');

    await c.keys('end'); // the malformed rule sorts last
    await c.keys('d');
    f = await c.ui.waitFor((x) => x.includes("cannot delete 'bogus': malformed"), 10_000);
    expect(f).not.toContain('confirm');
    await c.keys('y'); // a confirming key, had a confirmation opened
    await c.keys('e');
    f = await c.ui.waitFor((x) => x.includes("cannot edit 'bogus': malformed"));
    expect(f).not.toContain('Edit rule');
    await c.keys('enter');
    f = await c.ui.waitFor((x) => x.includes('pbc will not edit or delete it'), 10_000);
    expect(f).toContain('✖ priority missing, match in_port is null');
    expect(f).toMatch(/priority\s+\?/);
    await c.keys('d', 'y');
    await c.ui.waitFor((x) => x.includes("cannot delete 'bogus': malformed"), 10_000);
    expect(c.sent).toEqual([]);
    expect(proxy.writes()).toEqual([]);
  });
});
