/**
 * Tool-port load as an operator sees it: `pbc --demo` in tmux at 80×24, the Ports screen
 * says OVERSUB (in words) on the demo's oversubscribed tool port eth-0-15, and its detail
 * names the rule that feeds it; in the rule editor, a changed action shows where the rule's
 * traffic goes with the oversubscription warning, the confirmation repeats it, and after apply
 * the console reports predicted vs measured.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxTests } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

const portLine = (screen: string, name: string) =>
  screen.split('\n').find((l) => l.includes(`${name} `)) ?? '';

describe.runIf(tmuxTests())('pbc --demo: tool-port load at 80×24', () => {
  it('flags eth-0-15 OVERSUB on Ports and lists core-40g feeding it', async () => {
    const s = new TmuxSession('node dist/cli.js --demo', {
      columns: 80,
      rows: 24,
      env: { NO_COLOR: '1' },
    });
    sessions.push(s);
    await s.waitFor((x) => x.includes('pb-lab-01') && x.includes('● live'), 15_000);
    s.keys('2');
    const ports = await s.waitFor((x) => portLine(x, 'eth-0-15').includes('OVERSUB'), 20_000);
    for (const l of ports.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
    expect(portLine(ports, 'eth-0-16')).not.toContain('OVERSUB');
    s.keys('/', 'eth-0-15', 'Enter', 'Enter');
    const detail = await s.waitFor((x) => x.includes('← core-40g'), 15_000);
    expect(detail).toMatch(/Load: OVERSUB · demand [\d.]+Gb\/s of 10G/);
    s.keys('q');
    await s.waitFor(() => s.status() !== null, 10_000);
    expect(s.status()).toBe('exit=0');
  });

  it('the rule editor warns that a changed action oversubscribes eth-0-16; after apply, predicted vs measured', async () => {
    const s = new TmuxSession('node dist/cli.js --demo', {
      columns: 80,
      rows: 24,
      env: { NO_COLOR: '1' },
    });
    sessions.push(s);
    await s.waitFor((x) => x.includes('pb-lab-01') && x.includes('● live'), 15_000);
    s.keys('3');
    await s.waitFor((x) => x.includes('core-40g'), 15_000);
    s.keys('/');
    s.keys('-l', 'core-40g');
    s.keys('Enter');
    await s.waitFor((x) => x.includes('core-40g') && !x.includes('tap-2'), 10_000);
    s.keys('e');
    await s.waitFor((x) => x.includes("Edit rule 'core-40g'"), 10_000);
    // the actions field is the one the editor opens on for a rule's change: add a copy to 16
    s.keys('End');
    s.keys('-l', ',16');
    const f = await s.waitFor((x) => /eth-0-16: .* oversubscribed/.test(x), 15_000);
    for (const l of f.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
    expect(f).toMatch(/eth-0-16: [\d.]+ → [\d.]+ Gbit\/s of 10G: oversubscribed/);
    s.keys('C-s');
    const c = await s.waitFor((x) => x.includes('Modify rule — confirm'), 10_000);
    expect(c).toMatch(/eth-0-16: .* of 10G: oversubscribed/);
    s.keys('y');
    // two polls after the change: what was predicted beside what the port now sends
    const after = await s.waitFor(
      (x) => x.includes("traffic after 'core-40g': eth-0-16 predicted") && x.includes('measured '),
      45_000,
    );
    // the simulator forwards by the rules: more was predicted than 10G, the port sends its line
    // rate (at 80 columns the status line cuts the words after it: '(at li…')
    const [, predicted, measured] =
      /eth-0-16 predicted ([\d.]+)(?:–[\d.]+)?Gb\/s, measured ([\d.]+)Gb\/s/.exec(after) ?? [];
    // (a rate between two polls: within 10 % of the line rate, under load a little above it)
    expect(Number(predicted)).toBeGreaterThan(11);
    expect(Number(measured)).toBeGreaterThan(9);
    expect(Number(measured)).toBeLessThan(11);
    s.keys('q');
    await s.waitFor(() => s.status() !== null, 10_000);
    expect(s.status()).toBe('exit=0');
  }, 120_000);
});
