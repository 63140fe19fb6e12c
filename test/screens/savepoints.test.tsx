/** Screen 5 against the simulator: content, diffs, every write path with its confirmation, refusals, --readonly. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TestConsole, yes } from './admin-console.js';
import { consoleSession, type OpenOptions } from './console-session.js';

const session = consoleSession();

async function open(options: OpenOptions = {}) {
  const c = await session.open('savepoints', { rows: 34, ...options });
  await c.h.waitFor(
    (f) => f.includes('factory-default') && f.includes('factory-ports') && f.includes('10/4096'),
    8000,
  );
  return c;
}

/** Moves the selection of the focused pane to the save-point `name`. */
async function select(t: TestConsole, name: string) {
  await t.h.press('g');
  for (let i = 0; i < 12; i++) {
    if (
      t.h
        .lastFrame()
        .split('\n')
        .some((l) => l.startsWith(`›${name} `) || l.startsWith(`›* ${name} `))
    )
      return;
    await t.h.press('down');
  }
  throw new Error(`save-point ${name} not found:\n${t.h.lastFrame()}`);
}

const extraRule = { priority: 500, match: { in_port: '5' }, actions: ['output:6'], name: 'extra' };

describe('save-points screen (5)', () => {
  it('shows the factory save-points (boot, read-only) and their content', async () => {
    const t = await open();
    const f = t.h.lastFrame();
    // the device runs both as they are (their contents equal its rules and ports)
    expect(f).toMatch(/factory-default .*4 +10\/4096 +0 active boot read-only/);
    expect(f).toMatch(/factory-ports .*28 active read-only/);
    await t.h.press('enter');
    const content = await t.h.waitFor((x) => x.includes("rule save-point 'factory-default'"));
    expect(content).toMatch(/2000 https-3 +in_port=3,tcp,tcp_dst=443 +output:10/);
    expect(content).toContain('udp-range');
    expect(content).toContain('(no groups)');
    await t.h.press('escape');
    await t.h.press('tab');
    await t.h.press('enter');
    await t.h.waitFor(
      (x) => x.includes("port save-point 'factory-ports'") && x.includes('eth-0-1 '),
    );
    await t.h.press('end');
    await t.h.waitFor((x) => x.includes('eth-0-22/4') && /\d+-31 of 31\)/.test(x));
  });

  it('v diffs against the active rules; space + v diffs two save-points; n saves the current rules', async () => {
    const t = await open();
    await t.admin.rules.add(extraRule);
    await t.h.press('v');
    const diff = await t.h.waitFor(
      (x) => x.includes("Active rules → 'factory-default'") && x.includes('1 removed'),
      5000,
    );
    expect(diff).toContain('- "extra" 500 in_port=5 → output:6');
    await t.h.press('escape');

    await t.h.press('n');
    await t.h.waitFor(
      (x) =>
        x.includes('New rule save-point') && x.includes('the active rules and groups as they are'),
    );
    await t.type('nightly');
    await t.h.press('tab');
    await t.type('before the window');
    await t.h.press('enter');
    await yes(t, "Create rule save-point 'nightly'?");
    await t.h.waitFor(
      (x) => x.includes("rule save-point 'nightly' created (5 rules, 0 groups)"),
      5000,
    );
    expect(t.sim.state.ruleSavePoints.get('nightly')?.rules).toHaveLength(5);

    await t.h.press(' '); // mark factory-default
    await t.h.waitFor((x) => x.includes("marked 'factory-default'"));
    await t.h.waitFor((x) => x.includes('nightly'), 5000);
    await select(t, 'nightly');
    await t.h.press('v');
    const two = await t.h.waitFor((x) => x.includes("Diff 'factory-default' → 'nightly'"));
    expect(two).toContain('rules: 1 added, 0 removed, 0 changed, 4 unchanged');
    expect(two).toContain('+ "extra" 500 in_port=5 → output:6');
    await t.h.press('escape');

    // m with Override: the question shows what the save-point loses (its content → the device's)
    await t.admin.rules.add({ ...extraRule, priority: 400, match: { in_port: '7' }, name: 'new' });
    await t.h.press('m');
    await t.h.waitFor((x) => x.includes("Modify rule save-point 'nightly'"));
    await t.h.press('tab');
    await t.h.press('tab');
    await t.type('y');
    await t.h.press('enter');
    const override = await t.h.waitFor(
      (x) => x.includes("Override 'nightly' with the active rules and groups?"),
      5000,
    );
    expect(override).toContain('rules: 1 added, 0 removed, 0 changed, 5 unchanged');
    expect(override).toContain('+ "new" 400 in_port=7 → output:6');
    await t.h.press('escape');
    expect(t.sim.state.ruleSavePoints.get('nightly')?.rules).toHaveLength(5);
  });

  it('A shows the diff and the TCAM check, then activates after y', async () => {
    const t = await open();
    await t.admin.rules.add(extraRule);
    await t.h.waitFor((x) => x.includes('TCAM 11/4096'), 5000);
    await t.h.press('A');
    const confirm = await t.h.waitFor((x) =>
      x.includes("Activate rule save-point 'factory-default'?"),
    );
    expect(confirm).toContain("TCAM: 10 of 4096 flows in 'simple' mode: fits.");
    expect(confirm).toContain('- "extra" 500 in_port=5 → output:6');
    await t.h.press('n');
    expect(t.sim.state.rules.size).toBe(5);
    await t.h.press('A');
    await t.h.waitFor((x) => x.includes('Activate rule save-point'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("'factory-default' is active (not made permanent)"), 5000);
    expect(t.sim.state.rules.size).toBe(4);
  });

  it('after A, the save-point the device runs is marked active; edited since, it was active', async () => {
    const t = await open();
    const flagsOf = (f: string) =>
      (f.split('\n').find((l) => /^.factory-default /.test(l)) ?? '').replace(/^.*\d /, '');
    await t.admin.rules.add(extraRule);
    // the device's rules are no save-point's now
    await t.h.waitFor((x) => x.includes('TCAM 11/4096') && flagsOf(x) === 'boot read-only', 5000);
    await t.h.press('A');
    await t.h.waitFor((x) => x.includes('Activate rule save-point'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("'factory-default' is active (not made permanent)"), 5000);
    await t.h.waitFor((x) => flagsOf(x) === 'active boot read-only', 5000);
    // another operator adds a rule: the device no longer runs it as it was saved
    await t.admin.rules.add(extraRule);
    await t.h.waitFor(
      (x) => x.includes('TCAM 11/4096') && flagsOf(x).startsWith('was active boot'),
      5000,
    );
  });

  it('N quicksaves (it loads on boot), b sets the boot save-point, m renames, d deletes', async () => {
    const t = await open();
    // q quits here as everywhere (it was quicksave on this screen): the status bar says so
    const footer = t.h.lastFrame().split('\n').at(-1) ?? '';
    expect(footer).toMatch(/ q quit$/);
    await t.h.press('N');
    const confirm = await t.h.waitFor((x) => x.includes('Quicksave the active rules?'));
    expect(confirm).toContain("(instead of 'factory-default')");
    await t.h.press('y');
    await t.h.waitFor(
      (x) => x.includes("active rules saved to 'Quicksave' (4 rules); it loads on boot"),
      5000,
    );
    expect(t.sim.state.bootRuleSavePoint).toBe('Quicksave');
    await t.h.waitFor((x) => /Quicksave .* boot quicksave/.test(x), 5000);

    await select(t, 'factory-default');
    await t.h.press('b');
    const ask = await t.h.waitFor((x) => x.includes("Boot with 'factory-default'?"));
    expect(ask).toContain("'factory-default' will load at next boot (replaces 'Quicksave')");
    expect(t.sim.state.bootRuleSavePoint).toBe('Quicksave');
    await t.h.press('escape');
    await t.h.waitFor((x) => x.includes('cancelled, nothing was changed'));
    expect(t.sim.state.bootRuleSavePoint).toBe('Quicksave');
    await t.h.press('b');
    await t.h.waitFor((x) => x.includes("Boot with 'factory-default'?"));
    await t.h.press('y');
    await t.h.waitFor(
      (x) => x.includes("'factory-default' loads at the next boot (was 'Quicksave')"),
      5000,
    );
    expect(t.sim.state.bootRuleSavePoint).toBe('factory-default');

    await t.h.press('m');
    await t.h.waitFor((x) => x.includes("'factory-default' is read-only"));
    await t.admin.savepoints.createRules('nightly', '');
    await t.h.waitFor((x) => x.includes('nightly'), 5000);
    await select(t, 'nightly');
    await t.h.press('m');
    await t.h.waitFor((x) => x.includes("Modify rule save-point 'nightly'"));
    await t.type('-old');
    await t.h.press('tab');
    await t.type('kept');
    await t.h.press('enter');
    await yes(t, "Modify rule save-point 'nightly'?");
    await t.h.waitFor((x) => x.includes("rule save-point 'nightly-old' changed"), 5000);
    expect(t.sim.state.ruleSavePoints.get('nightly-old')?.description).toBe('kept');

    await t.h.waitFor((x) => x.includes('nightly-old'), 5000);
    await select(t, 'nightly-old');
    await t.h.press('d');
    const del = await t.h.waitFor((x) => x.includes("Delete rule save-point 'nightly-old'?"));
    expect(del).toContain('4 rules, 10 flows, 0 groups');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("rule save-point 'nightly-old' deleted"), 5000);
    expect(t.sim.state.ruleSavePoints.has('nightly-old')).toBe(false);
  });

  it("d on a read-only save-point asks, sends, and shows the device's refusal", async () => {
    const t = await open();
    await t.h.press('d');
    const confirm = await t.h.waitFor((x) =>
      x.includes("Delete rule save-point 'factory-default'?"),
    );
    expect(confirm).toContain('read-only: the device will refuse');
    await t.h.press('y');
    const refused = await t.h.waitFor((x) => x.includes('— failed'), 5000);
    expect(refused).toMatch(/read-only/);
    expect(t.sim.state.ruleSavePoints.has('factory-default')).toBe(true);
  });

  it('port save-points: n creates from the current ports, v diffs, A applies, m modifies, d deletes', async () => {
    const t = await open();
    await t.h.press('tab');
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes('New port save-point'));
    await t.type('lab-ports');
    await t.h.press('enter');
    await yes(t, "Create port save-point 'lab-ports'?");
    await t.h.waitFor((x) => x.includes("port save-point 'lab-ports' created"), 5000);
    await t.admin.ports.setConfig('eth-0-3', { shutdown: true });
    await t.h.waitFor((x) => x.includes('lab-ports'), 5000);
    await select(t, 'lab-ports');
    await t.h.waitFor(
      () =>
        t
          .current()
          .store.getState()
          .resources.config.data?.find((p) => p.if_name === 'eth-0-3')?.shutdown === true,
      5000,
    );
    await t.h.press('v');
    await t.h.waitFor((x) => x.includes('~ eth-0-3: shutdown true → false'), 5000);
    await t.h.press('escape');
    await t.h.press('A');
    const confirm = await t.h.waitFor((x) => x.includes("Activate port save-point 'lab-ports'?"));
    expect(confirm).toContain('may lose their link');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("'lab-ports' is active"), 5000);
    expect(t.sim.state.chassis.ports.find((p) => p.if_name === 'eth-0-3')?.config.shutdown).toBe(
      false,
    );

    await t.h.press('m');
    await t.h.waitFor((x) => x.includes("Modify port save-point 'lab-ports'"));
    await t.h.press('tab');
    await t.type('rack 7');
    await t.h.press('enter');
    await yes(t, "Modify port save-point 'lab-ports'?");
    await t.h.waitFor((x) => x.includes("port save-point 'lab-ports' changed"), 5000);
    expect(t.sim.state.portSavePoints.get('lab-ports')?.description).toBe('rack 7');
    await t.h.press('d');
    await t.h.waitFor(
      (x) => x.includes("Delete port save-point 'lab-ports'?") && x.includes('28 ports'),
    );
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("port save-point 'lab-ports' deleted"), 5000);
    expect(t.sim.state.portSavePoints.has('lab-ports')).toBe(false);
  });

  it('x exports to a file and i imports it again as a new save-point, restoring the active rules', async () => {
    const t = await open();
    const dir = mkdtempSync(join(tmpdir(), 'pbc-sp-'));
    const file = join(dir, 'export.json');
    await t.admin.savepoints.createRules('nightly', 'n');
    await t.h.waitFor((x) => x.includes('nightly'), 5000);
    await select(t, 'nightly');
    await t.h.press('x');
    const form = await t.h.waitFor((x) => x.includes("Export 'nightly'"));
    expect(form).toMatch(/\.\/pbc-export-pb-lab-01-\d{4}-\d{2}-\d{2}\.json/);
    await t.h.press('\u0015');
    await t.type(file);
    await t.h.press('enter');
    await t.h.waitFor(
      (x) => x.includes(`exported 1 rule and 0 port save-point(s) to ${file}`),
      5000,
    );
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.RuleSavePoints[0].name).toBe('nightly');

    await t.admin.rules.add(extraRule);
    await t.h.press('i');
    await t.h.waitFor((x) => x.includes('Import save-points from a file'));
    await t.h.press('\u0015');
    await t.type(file);
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Import 1 rule save-point(s)'), 5000);
    expect(confirm).toContain("'nightly-import' (the name is taken)");
    expect(confirm).toMatch(/1\. Save the 5 active rules and 0 groups as 'pbc-import-backup-/);
    await t.h.press('y');
    await t.h.waitFor(
      (x) => x.includes("imported 'nightly-import'; the active rules are as before"),
      10_000,
    );
    expect(t.sim.state.ruleSavePoints.get('nightly-import')?.rules).toHaveLength(4);
    expect(t.sim.state.rules.size).toBe(5);
    expect(
      [...t.sim.state.ruleSavePoints.keys()].some((n) => n.startsWith('pbc-import-backup')),
    ).toBe(false);
  });

  it('a WRITE account may save rules but not port save-points or the boot save-point', async () => {
    const sim = await session.deviceWith({ username: 'op', password: 'pw', accesslevel: 7 });
    const t = await open({ sim, user: 'op', password: 'pw' });
    await t.h.waitFor((x) => x.includes('op WRITE'), 5000);
    await t.h.press('b');
    await t.h.waitFor((x) =>
      x.includes("setting the boot save-point needs SUPER rights; 'op' has WRITE"),
    );
    await t.h.press('i');
    await t.h.waitFor((x) => x.includes('importing save-points needs SUPER rights'));
    await t.h.press('tab');
    await t.h.press('n');
    await t.h.waitFor((x) =>
      x.includes("creating a port save-point needs SUPER rights; 'op' has WRITE"),
    );
    await t.h.press('A');
    await t.h.waitFor((x) => x.includes('activating a port save-point needs SUPER rights'));
    await t.h.press('tab');
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes('New rule save-point'));
    await t.type('ops-save');
    await t.h.press('enter');
    await yes(t, "Create rule save-point 'ops-save'?");
    await t.h.waitFor((x) => x.includes("rule save-point 'ops-save' created"), 5000);
  });

  it('in --readonly, writes are refused before anything is sent; viewing and diffs still work', async () => {
    const t = await open({ readonly: true });
    for (const [key, what] of [
      ['n', 'creating a rule save-point'],
      ['N', 'quicksave'],
      ['A', 'activating a rule save-point'],
      ['d', 'deleting a rule save-point'],
      ['i', 'importing save-points'],
    ] as const) {
      await t.h.press(key);
      await t.h.waitFor((x) => x.includes(`read-only session: ${what} is disabled`));
    }
    await t.h.press('v');
    await t.h.waitFor((x) => x.includes("Active rules → 'factory-default'"));
  });
});
