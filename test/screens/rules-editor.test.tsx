/**
 * The rule editor driven like an operator would, against the simulator: typing updates
 * validation and the TCAM preview, Apply sends exactly the request it summarized, Esc
 * sends nothing, and a READ user or a --readonly session cannot apply.
 */
import { describe, expect, it } from 'vitest';
import { CTRL_F, CTRL_S, CTRL_U, type RulesConsole, rulesMountPerTest } from './rules-console.js';

const mount = rulesMountPerTest();

const lines = (frame: string) => frame.split('\n');
const rowOf = (frame: string, name: string) =>
  lines(frame).find((l) => l.includes(` ${name} `)) ?? '';

/** Opens the editor and types a web rule: in_port 1,2, tcp_dst 1000-1999 (with ^F adding tcp), output:10. */
async function typeWebRule(c: RulesConsole) {
  await c.ui.waitFor((f) => f.includes('tap-1') && f.includes('TCAM 10/4096'));
  await c.keys('a');
  await c.ui.waitFor((f) => f.includes('Add rule') && f.includes('this rule: 1 flow'));
  await c.type('web');
  await c.keys('down', 'down', CTRL_U);
  await c.type('100');
  await c.keys('down');
  await c.type('in_port');
  await c.keys('tab');
  await c.type('1,2');
  await c.keys('down', 'enter');
  await c.type('tcp_d');
  await c.keys('tab'); // completes tcp_dst
  await c.keys('tab');
  await c.type('1000-1999');
}

describe('rule editor', () => {
  it('validates and previews as you type, and applies exactly the summarized request', async () => {
    const c = await mount();
    await typeWebRule(c);
    let f = await c.ui.waitFor((x) => x.includes('this rule: 14 flows'));
    expect(f).toContain('device after apply: 10+14 / 4096 (<1 %)');
    expect(f).toContain('in_port 1,2 → 2 × tcp_dst 1000-1999 → 7 = 14 entries');
    expect(f).toContain("tcp_dst needs the protocol tcp (add 'tcp' or nw_proto=6) — ^F adds 'tcp'");
    expect(f).toContain('Apply — 2 errors to fix first');

    await c.keys(CTRL_F);
    f = await c.ui.waitFor((x) => !x.includes('needs the protocol tcp'));
    expect(f).toMatch(/\btcp {5,}=/);
    await c.keys('down', 'down');
    await c.type('output:10');
    f = await c.ui.waitFor((x) => x.includes('Apply (Ctrl-S)'));
    expect(f).toContain('1.  output:10');
    expect(c.sent).toEqual([]);

    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Add rule — confirm'));
    expect(f).toContain('Sends POST /rules');
    // the request, wrapped in the panel: its lines joined again
    const shown = lines(f)
      .map((l) => l.replace(/^│/, '').replace(/│$/, '').trim())
      .join(' ');
    expect(shown).toContain(
      'Sends POST /rules name=web description= priority=100 match[in_port]=1,2 match[tcp]= match[tcp_dst]=1000-1999 actions=output:10.',
    );
    expect(c.sent).toEqual([]);

    await c.keys('y');
    // a success reports in the status line, with no box to close
    f = await c.ui.waitFor((x) => x.includes('Add rule: done'));
    expect(f).toContain('Add rule: done · the device uses 14 TCAM flows for it, as previewed');
    expect(f).not.toContain('Add rule — result');
    expect(c.sent).toEqual([
      {
        method: 'POST',
        path: '/rules',
        query: {
          name: 'web',
          description: '',
          priority: 100,
          match: { in_port: '1,2', tcp: '', tcp_dst: '1000-1999' },
          actions: 'output:10',
        },
      },
    ]);

    f = await c.ui.waitFor((x) => x.includes(' web ') && x.includes('5 rules'));
    expect(rowOf(f, 'web')).toMatch(/100 web\s+in_port=1,2 tcp tcp_dst=1000-.*output:10\s+14 /);
    const device = await c.admin.rules.list();
    expect(device.rules.find((r) => r.name === 'web')?.real_flow_ct).toBe(14);
  });

  it('Esc cancels without sending anything, from the form and from the confirmation', async () => {
    const c = await mount();
    await typeWebRule(c);
    await c.keys(CTRL_F, 'down', 'down');
    await c.type('drop');
    await c.keys(CTRL_S);
    await c.ui.waitFor((x) => x.includes('Add rule — confirm'));
    await c.keys('escape');
    await c.ui.waitFor((x) => x.includes('Add rule') && x.includes('Apply (Ctrl-S)'));
    // typing q or 3 goes into the form, not to the frame
    await c.type('q3');
    await c.ui.waitFor((x) => x.includes('dropq3'));
    // what was typed is not thrown away on one key: Esc asks first
    await c.keys('escape');
    await c.ui.waitFor((x) => x.includes('discard changes? y/n'));
    await c.keys('y');
    const f = await c.ui.waitFor((x) => x.includes('PRIO') && x.includes('4 rules'));
    expect(f).toContain('editor closed, the changes were discarded; nothing was sent');
    expect(c.sent).toEqual([]);
    expect((await c.admin.rules.list()).rules).toHaveLength(4);
  });

  it('repeats the editor’s warnings in the confirmation, so Ctrl-S at once still shows them', async () => {
    const c = await mount();
    await c.ui.waitFor((f) => f.includes('tap-1') && f.includes('TCAM 10/4096'));
    await c.keys('a');
    await c.ui.waitFor((f) => f.includes('Add rule'));
    await c.type('wide');
    await c.keys('down', 'down', 'down'); // name → description → priority (empty: 32768) → match
    await c.type('in_port');
    await c.keys('tab');
    await c.type('1');
    await c.keys('down', 'down');
    await c.type('output:10');
    const warning = "! shadows 1 lower-priority rule: 'tap-1' (prio 1000) would never match again";
    let f = await c.ui.waitFor((x) => x.includes('Apply (Ctrl-S)'));
    expect(f).toContain(warning.slice(2));
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Add rule — confirm'));
    expect(f).toContain(warning);
    expect(c.sent).toEqual([]);
    await c.keys('escape', 'escape');
    expect(c.sent).toEqual([]);
  });

  it('says so when the match and priority are those of an existing rule: the add becomes an edit (PUT)', async () => {
    const c = await mount();
    await c.ui.waitFor((f) => f.includes('tap-1'));
    await c.keys('c'); // clone the selected rule (https-3, priority 2000)
    let f = await c.ui.waitFor((x) => x.includes('Clone rule'));
    expect(f).toContain(
      "a rule with this match and priority exists ('https-3'): applying EDITS it (PUT)",
    );
    expect(f).toContain('same match: the TCAM use does not change');
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Modify rule — confirm'));
    expect(f).toContain('Sends PUT /rules');
    expect(f).toContain("name: 'https-3' → 'https-3-copy'");
    await c.keys('escape', 'escape');
    expect(c.sent).toEqual([]);
  });

  it('editing the priority deletes the old rule and adds the new one, in one confirmed plan', async () => {
    const c = await mount();
    await c.ui.waitFor((f) => f.includes('tap-1'));
    await c.keys('down'); // tap-1
    await c.keys('e');
    await c.ui.waitFor((x) => x.includes("Edit rule 'tap-1'"));
    await c.keys('up', 'up', 'up', 'up', CTRL_U); // action → … → priority
    await c.type('1500');
    let f = await c.ui.waitFor((x) => x.includes('PUT cannot change them'));
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Replace rule — confirm'));
    expect(f).toMatch(/1\. POST \/rules[\s\S]*2\. DELETE \/rules/);
    await c.keys('enter');
    await c.ui.waitFor((x) => x.includes('Replace rule: done'));
    expect(c.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /rules', 'DELETE /rules']);
    const rules = (await c.admin.rules.list()).rules.filter((r) => r.name === 'tap-1');
    expect(rules.map((r) => r.priority)).toEqual([1500]);
  });

  it('a --readonly session can preview but not apply', async () => {
    const c = await mount({ readonly: true });
    await typeWebRule(c);
    await c.keys(CTRL_F, 'down', 'down');
    await c.type('output:10');
    let f = await c.ui.waitFor((x) => x.includes('preview only, cannot apply'));
    expect(f).toContain('Apply (read-only)');
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) =>
      x.includes('cannot send: this session is read-only (--readonly)'),
    );
    await c.keys('y', 'enter');
    expect(c.sent).toEqual([]);
    await c.keys('escape', 'escape');
    await c.ui.waitFor((x) => x.includes('discard changes? y/n'));
    await c.keys('y');
    await c.keys('d');
    f = await c.ui.waitFor((x) => x.includes('delete: this session is read-only'));
    expect(c.sent).toEqual([]);
  });

  it('a READ user cannot apply, and is told why', async () => {
    const sim = (await import('../../src/sim/server.js')).startSim({ port: 0, host: '127.0.0.1' });
    const s = await sim;
    const setup = (await import('../../src/api/index.js')).createClient({
      url: s.url,
      user: 'admin',
      password: 'admin',
    });
    await setup.users.add({ username: 'ro', accesslevel: 1, password: 'ro-pass' });
    await setup.users.setUac(true);
    await setup.close();
    const c = await mount({ sim: s, user: 'ro', password: 'ro-pass' });
    try {
      await c.ui.waitFor((f) => f.includes('tap-1') && f.includes("user 'ro' has READ"), 5000);
      await c.keys('z');
      await c.ui.waitFor((f) =>
        f.includes("reset counters: user 'ro' has READ; rule and group changes need WRITE"),
      );
      await c.keys('c');
      await c.ui.waitFor(
        (f) => f.includes('Clone rule') && f.includes('preview only, cannot apply'),
      );
      await c.keys(CTRL_S);
      await c.ui.waitFor((f) =>
        f.includes("cannot send: user 'ro' has READ; rule and group changes need WRITE"),
      );
      await c.keys('y', 'enter');
      expect(c.sent).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
