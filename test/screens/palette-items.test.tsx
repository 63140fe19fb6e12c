/**
 * `:` reaches things, not only screens (issue 20): `:port NAME`, `:rule NAME|COOKIE`,
 * `:group ID`, `:savepoint NAME` open the screen with the item selected and opened, `:log
 * /text` filters the log; Tab completes the device's names; `?` lists the palette's
 * commands; Ctrl-U clears.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { untilStore } from '../harness/console.js';
import { cleanup } from '../harness/render.js';
import { type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const CTRL_U = '\u0015';

async function palette(text: string) {
  await m!.ui.press(':');
  for (const ch of text) await m!.ui.press(ch);
}

describe('the palette reaches items', () => {
  it(':port NAME opens that port; :rule NAME and :rule COOKIE that rule; :group ID that group', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    await palette('port eth-0-2');
    await m.ui.press('enter');
    let f = await m.ui.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-2 (port 2)'));
    expect(f).toContain('Esc returns');
    const rule = [...m.sim.state.rules.values()][0]!;
    await palette(`rule ${rule.name}`);
    await m.ui.press('enter');
    f = await m.ui.waitFor((x) => x.includes(`Rule '${rule.name}'`));
    expect(f).toContain('[3 Rules]');
    await m.ui.press('escape');
    const other = [...m.sim.state.rules.values()][1]!;
    await palette(`rule ${other.cookie}`);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes(`Rule '${other.name}'`));
    m.sim.state.groups.set(40, {
      group_id: 40,
      type: 'all',
      description: 'to the sensors',
      buckets: [{ watch_port: '', actions: ['output:27'] }],
    });
    await palette('group 40');
    await m.ui.press('enter');
    f = await m.ui.waitFor((x) => x.includes('[4 Groups]') && x.includes('to the sensors'), 15_000);
    expect(f).not.toContain('ID▲');
    await palette('port eth-9-9');
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes("no port 'eth-9-9' on this device"));
  }, 60_000);

  it(':savepoint NAME selects it; :log /text filters the log', async () => {
    m = await mountConsole();
    await palette('savepoint factory-ports');
    await m.ui.press('enter');
    const f = await m.ui.waitFor((x) => /›\s*factory-ports/.test(x), 8000);
    expect(f).toContain('[5 Save-points]');
    await palette('log /rules');
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('[6 Logs]') && x.includes("lines match 'rules'"));
  }, 60_000);

  it('Tab completes names from the device; ? lists the commands; Ctrl-U clears', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    await palette('port eth-0-1');
    await m.ui.press('9');
    await m.ui.press('tab');
    await m.ui.waitFor((x) => x.includes(':port eth-0-19'));
    await m.ui.press(CTRL_U);
    await m.ui.waitFor((x) => /^:\s/m.test(x) && !x.includes(':port eth'));
    // rule names: when the store has not read them yet (the Overview reads the rules for its
    // OVERSUB line, so it may have), the first Tab reads them and the next completes
    const names = [...m.sim.state.rules.values()].map((r) => r.name);
    const name = names.find((n) => names.filter((o) => o.startsWith(n.slice(0, -1))).length === 1)!;
    for (const ch of `rule ${name.slice(0, -1)}`) await m.ui.press(ch);
    await m.ui.press('tab');
    const first = await m.ui.waitFor(
      (x) =>
        x.includes('reading the names from the device… Tab again') || x.includes(`:rule ${name} `),
    );
    if (!first.includes(`:rule ${name} `)) {
      // the names are in the store (the read the first Tab started has been committed)
      await untilStore(m.store, (st) => st.resources.rules.data !== undefined);
      await m.ui.press('tab');
      await m.ui.waitFor((x) => x.includes(`:rule ${name} `));
    }
    await m.ui.press(CTRL_U);
    await m.ui.waitFor((x) => !x.includes(`:rule ${name}`));
    await m.ui.press('?');
    const help = await m.ui.waitFor((x) => x.includes('Palette commands'));
    expect(help).toContain(':rule NAME|COOKIE');
    expect(help).toContain(':log /TEXT');
    // the palette stays open under its list; a screen name still works
    for (const ch of 'rules') await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('[3 Rules]') && !x.includes('Palette commands'));
  }, 60_000);
});
