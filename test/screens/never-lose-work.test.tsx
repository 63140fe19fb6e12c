/**
 * Never lose typed work (issue 20), in both form engines: the dialog forms (users, RADIUS,
 * apps, device settings, port config, save-points) and the rule and group editors. Esc with
 * changes asks first; a device refusal brings the form back as typed with the device's words
 * at the field; a terminal briefly smaller than 80×24 keeps what is open; limits the device
 * documents are checked before sending.
 */
import { describe, expect, it } from 'vitest';
import { yes } from './admin-console.js';
import { consoleSession } from './console-session.js';
import { CTRL_S, CTRL_U, rulesMountPerTest } from './rules-console.js';

const session = consoleSession();
const mountRules = rulesMountPerTest();

async function radiusForm() {
  const t = await session.open('users');
  await t.h.waitFor(
    (f) => f.includes('Default administrator') && f.includes('RADIUS:') && !f.includes('loading'),
    8000,
  );
  await t.h.press('E');
  await t.h.waitFor((x) => x.includes('RADIUS settings'));
  return t;
}

describe('dialog forms', () => {
  it('Esc after typing asks "discard changes? y/n"; n goes back with the text, y discards', async () => {
    const t = await radiusForm();
    await t.type('192.0.2.77');
    await t.h.press('escape');
    let f = await t.h.waitFor((x) => x.includes('discard changes? y/n'));
    expect(f).toContain('RADIUS settings');
    await t.h.press('n');
    f = await t.h.waitFor((x) => !x.includes('discard changes?'));
    expect(f).toContain('192.0.2.77');
    await t.h.press('escape');
    await t.h.waitFor((x) => x.includes('discard changes? y/n'));
    await t.h.press('y');
    f = await t.h.waitFor((x) => !x.includes('Shared secret'));
    expect(f).toContain('RADIUS settings: cancelled, nothing was changed');
    expect(t.sim.state.radius.server).not.toBe('192.0.2.77');
  });

  it("a refusal keeps the form open as typed, with the device's error at the field", async () => {
    const t = await radiusForm();
    await t.type('bad_host!');
    await t.h.press('tab');
    await t.h.press('tab');
    await t.type('s3cret');
    await t.h.press('enter');
    await yes(t, 'Save the RADIUS settings?');
    const f = await t.h.waitFor((x) => x.includes('must be an IP address or host name'), 5000);
    expect(f).toContain('RADIUS settings');
    expect(f).toMatch(/›✖Server\s+bad_host!/);
    // the secret typed is still there (masked)
    expect(f).toMatch(/Shared secret\s+••••••/);
    expect(f).not.toContain('s3cret');
  });

  it('checks the RADIUS port (1–65535) before sending', async () => {
    const t = await radiusForm();
    const before = t.sim.faults.writes;
    await t.h.press('tab');
    await t.h.press('\u0015'); // Ctrl-U
    await t.type('70000');
    await t.h.press('enter');
    const f = await t.h.waitFor((x) => x.includes('UDP port must be 1–65535, not 70000'));
    expect(f).toMatch(/›✖UDP port/);
    expect(t.sim.faults.writes).toBe(before);
  });

  it('a terminal briefly smaller than 80×24 says so and gives the form back as it was', async () => {
    const t = await radiusForm();
    await t.type('192.0.2.99');
    t.h.resize(60, 20);
    const small = await t.h.waitFor((x) => x.includes('Terminal too small: 60×20'));
    expect(small).not.toContain('RADIUS settings');
    t.h.resize(100, 30);
    const back = await t.h.waitFor((x) => x.includes('RADIUS settings'));
    expect(back).toContain('192.0.2.99');
  });
});

describe('rule editor', () => {
  it('Esc after typing asks; n goes back to the editor as typed, y closes it', async () => {
    const c = await mountRules();
    await c.ui.waitFor((f) => f.includes('tap-1') && f.includes('TCAM 10/4096'));
    await c.keys('a');
    await c.ui.waitFor((f) => f.includes('Add rule'));
    await c.type('kept');
    await c.keys('escape');
    let f = await c.ui.waitFor((x) => x.includes('discard changes? y/n'));
    expect(f).toContain('Add rule');
    await c.keys('n');
    f = await c.ui.waitFor((x) => !x.includes('discard changes?') && x.includes('Add rule'));
    expect(f).toContain('kept');
    await c.keys('escape', 'y');
    f = await c.ui.waitFor((x) => x.includes('PRIO') && !x.includes('Add rule'));
    expect(f).toContain('the changes were discarded');
    // an editor opened and left untouched closes at once
    await c.keys('a');
    await c.ui.waitFor((x) => x.includes('Add rule'));
    await c.keys('escape');
    await c.ui.waitFor((x) => x.includes('editor closed, nothing was sent'));
    expect(c.sent).toEqual([]);
  });

  it("a device refusal goes back to the editor as typed, the device's words at the field", async () => {
    const c = await mountRules();
    await c.ui.waitFor((f) => f.includes('tap-1') && f.includes('TCAM 10/4096'));
    await c.keys('a');
    await c.ui.waitFor((f) => f.includes('Add rule'));
    await c.type('refused-one');
    await c.keys('down', 'down', CTRL_U);
    await c.type('123');
    await c.keys('down');
    await c.type('in_port');
    await c.keys('tab');
    await c.type('5');
    await c.keys('down', 'down');
    await c.type('output:10');
    await c.ui.waitFor((x) => x.includes('Apply (Ctrl-S)'));
    // the device finds a rule of this match and priority the console has not seen yet
    const rules = c.sim.state.rules;
    const get = rules.get.bind(rules);
    const other = [...rules.values()][0]!;
    rules.get = (k) => get(k) ?? other;
    await c.keys(CTRL_S);
    await c.ui.waitFor((x) => x.includes('Add rule — confirm'));
    await c.keys('y');
    await c.ui.waitFor((x) => x.includes('Add rule — result') && x.includes('FAILED'), 5000);
    rules.get = get;
    await c.keys('enter');
    const f = await c.ui.waitFor((x) => x.includes('device refused'));
    expect(f).toContain('Add rule');
    expect(f).toContain('✖ device refused: a rule with this match and priority');
    expect(f).toContain('refused-one');
    expect(f).toContain('output:10');
    expect(f).toMatch(/ priority\s+123/);
    // the focus is on the field the device named (in_port)
    expect(f).toMatch(/›match\s+in_port\s+= 5/);
  });
});
