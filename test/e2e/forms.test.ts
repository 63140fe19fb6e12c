/**
 * Never lose typed work, as an operator at 80×24 sees it (`pbc --demo` in tmux): the rule
 * editor survives Esc (it asks first), a device refusal (the form comes back as typed: the
 * syslog form, and the rule editor when another operator's rule got there first) and a resize
 * to 60×20 and back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxTests } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

describe.runIf(tmuxTests())('pbc --demo: typed work survives', () => {
  it('an editor survives Esc (asks), a resize to 60×20 and back, and a device refusal at 80×24', async () => {
    const s = new TmuxSession('node dist/cli.js --demo', { columns: 80, rows: 24 });
    sessions.push(s);
    await s.waitFor((x) => x.includes('pb-lab-01'), 15_000);
    s.keys('3');
    await s.waitFor((x) => x.includes('TCAM 21/4096') && x.includes('tap-1'));

    s.keys('a');
    await s.waitFor((x) => x.includes('Add rule'));
    s.keys('-l', 'survivor');
    s.keys('Down', 'Down', 'C-u');
    s.keys('-l', '1234');
    s.keys('Down');
    s.keys('-l', 'in_port');
    s.keys('Tab');
    s.keys('-l', '5');
    s.keys('Down', 'Down');
    s.keys('-l', 'output:10');
    await s.waitFor((x) => x.includes('survivor') && x.includes('output:10'));

    // Esc asks; n goes back with everything typed
    s.keys('Escape');
    await s.waitFor((x) => x.includes('discard changes? y/n'));
    s.keys('n');
    let f = await s.waitFor((x) => !x.includes('discard changes?') && x.includes('Add rule'));
    // what was typed is still there (at 80×24 the editor may scroll the name out of view)
    expect(f).toContain('1234');
    expect(f).toContain('output:10');

    // a terminal briefly too small: the editor is hidden, then back as it was
    s.resize(60, 20);
    await s.waitFor((x) => x.includes('Terminal too small: 60×20'));
    s.resize(80, 24);
    f = await s.waitFor((x) => x.includes('Add rule') && x.includes('output:10'));
    expect(f).toContain('1234');
    // the name too: back up to it (the editor scrolls it into view)
    s.keys('Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Up');
    await s.waitFor((x) => x.includes('survivor'));

    s.keys('Escape');
    await s.waitFor((x) => x.includes('discard changes? y/n'));
    s.keys('y');
    await s.waitFor((x) => x.includes('PRIO') && !x.includes('Add rule'));

    // a device refusal: syslog needs its server, which only the device checks
    s.keys('8');
    await s.waitFor((x) => x.includes('Available apps') && x.includes('syslog'));
    s.keys('Down');
    await s.waitFor((x) => /›syslog/.test(x));
    s.keys('a');
    await s.waitFor((x) => x.includes('Start syslog'));
    s.keys('-l', 'kept-note');
    s.keys('Enter');
    // starting an app asks first, showing what it sends
    await s.waitFor((x) => x.includes('Start syslog?') && x.includes('Sends POST /apps'));
    s.keys('y');
    f = await s.waitFor((x) => x.includes("missing parameter 'host'"));
    expect(f).toContain('Start syslog');
    expect(f).toContain('kept-note');
    expect(f).toMatch(/›✖Syslog server/);
    s.keys('Escape');
    await s.waitFor((x) => x.includes('discard changes? y/n'));
    s.keys('y');
    await s.waitFor((x) => !x.includes('kept-note') && x.includes('Available apps'));
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 90_000);

  it("the rule editor survives another operator's rule getting there first, at 80×24: nothing sent, the editor back", async () => {
    const s = new TmuxSession('node dist/cli.js --demo', { columns: 80, rows: 24 });
    sessions.push(s);
    const home = await s.waitFor((x) => /http:\/\/127\.0\.0\.1:\d+\/rest/.test(x), 15_000);
    const url = /http:\/\/127\.0\.0\.1:\d+\/rest/.exec(home)![0];
    s.keys('3');
    await s.waitFor((x) => x.includes('TCAM 21/4096') && x.includes('tap-1'));
    s.keys('a');
    await s.waitFor((x) => x.includes('Add rule'));
    s.keys('-l', 'kept-rule');
    s.keys('Down', 'Down', 'C-u');
    s.keys('-l', '1234');
    s.keys('Down');
    s.keys('-l', 'in_port');
    s.keys('Tab');
    s.keys('-l', '5');
    s.keys('Down', 'Down');
    s.keys('-l', 'output:10');
    await s.waitFor((x) => x.includes('kept-rule') && x.includes('output:10'));
    s.keys('C-s');
    await s.waitFor((x) => x.includes('Add rule — confirm') && x.includes('POST /rules'));
    // meanwhile another operator adds a rule of the same match and priority
    const other = new URLSearchParams({
      priority: '1234',
      'match[in_port]': '5',
      actions: 'output:11',
      name: 'other-op',
    });
    const res = await fetch(`${url}/rules?${other}`, { method: 'POST' });
    expect(await res.json()).toEqual({ result: 'OK' });
    s.keys('y');
    // pbc's check right before sending sees the other operator's rule (issue 31): nothing is
    // sent, the box shows base (absent) / theirs (their rule) / yours; Enter gives the editor back
    let f = await s.waitFor(
      (x) => x.includes('Add rule — result') && x.includes('nothing was sent'),
    );
    expect(f).toContain('Someone changed this on the device since you opened it');
    expect(f).toMatch(/base: +\(absent\)/);
    s.keys('Enter');
    f = await s.waitFor((x) => !x.includes('Add rule — result') && x.includes('kept-rule'));
    expect(f).toContain('Add rule');
    expect(f).toMatch(/ priority\s+1234/);
    expect(f).toContain('output:10');
    // nothing of ours was added: the device holds the other operator's rule only
    const rules = (await (await fetch(`${url}/rules/all`)).json()) as {
      rules: { name: string; priority: number }[];
    };
    expect(rules.rules.filter((r) => r.priority === 1234).map((r) => r.name)).toEqual(['other-op']);
    s.keys('Escape');
    await s.waitFor((x) => x.includes('discard changes? y/n'));
    s.keys('y');
    await s.waitFor((x) => !x.includes('kept-rule') && x.includes('PRIO'));
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 90_000);
});
