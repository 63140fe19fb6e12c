/**
 * `G` on the Tools screen (issues 30 and 32): `W` applies the intents file's band and `G` sends
 * it guarded — the guard watches the tools' own ports too (whichever rules the band touches),
 * as `pbc tools apply --guard` does. The guard is the built pbc (dist/cli.js, a private copy).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { cleanup } from '../harness/render.js';
import { withBuiltGuard } from './built-guard.js';
import { type Mounted, mountConsole } from './console.js';

withBuiltGuard();

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const TOOLS = `tools:
  - { name: ids, port: eth-0-9, wants: [ { vlan_id: 1-3 } ] }
  - { name: apm, port: 10, wants: [ { tcp: "" } ] }
sources: [1, 2, 3, 4]
`;

describe('G on the Tools screen', () => {
  it("sends the band guarded; the guard watches the intents' tool ports", async () => {
    m = await mountConsole({ columns: 100, rows: 30, sim: { flows: 200 } });
    const file = join(mkdtempSync(join(tmpdir(), 'pbc-tools-guard-')), 'tools.yaml');
    writeFileSync(file, TOOLS);
    await m.ui.press(':');
    for (const ch of 'tools') await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('which file holds the tool intents'), 5000);
    for (const ch of file) await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('2 tools ·') && x.includes('not ok'), 15_000);
    await m.ui.press('W');
    await m.ui.waitFor((x) => x.includes('POST /rules') && x.includes('G guarded'), 20_000);
    await m.ui.press('G');
    await m.ui.waitFor((x) => x.includes('Guarded: watch the traffic for'), 10_000);
    await m.ui.press('enter');
    // the header counts the guarded window down
    await m.ui.waitFor((x) => /GUARDED \d+:\d\d — C keep/.test(x), 30_000);
    const [entry] = readPending().filter((r) => r.device === m!.sim.url && r.state === 'pending');
    // ids on eth-0-9 and apm on port 10, watched whichever rules the band's change touches
    expect(entry?.health?.spec.toolPorts).toEqual([9, 10]);
    // C keeps the change: the header's countdown ends
    await m.ui.press('C');
    await m.ui.waitFor((x) => !x.includes('GUARDED'), 30_000);
  }, 90_000);
});
