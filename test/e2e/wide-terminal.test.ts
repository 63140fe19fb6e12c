/**
 * The operator's walk of issue 20 in a real terminal at 160×48 (`pbc --demo` in tmux, NO_COLOR):
 * Ports triage (the port erroring now on top in two keys), an Overview item opening its port,
 * and the rule editor closed with Esc (it asks only once something was typed). No line is wider
 * than the terminal, and the wide terminal shows what 80 columns cannot (more Ports columns,
 * a group's whole description, apps' whole names).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, lines, press, startPbc, type } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

const COLUMNS = 160;
const ROWS = 48;
const table = (screen: string) => lines(screen).filter((l) => /^[›\s]eth-/.test(l));
const header = (screen: string) => lines(screen).find((l) => /^ PORT[ ▲▼]/.test(l)) ?? '';
const fits = (screen: string) => {
  expect(lines(screen).length).toBeLessThanOrEqual(ROWS);
  for (const l of lines(screen)) expect(l.length).toBeLessThanOrEqual(COLUMNS);
};

describe.runIf(tmuxTests())(`pbc --demo in tmux at ${COLUMNS}×${ROWS}`, () => {
  it('triage in two keys, Overview drill-down, an editor closed with Esc', async () => {
    const s = startPbc('--demo', { columns: COLUMNS, rows: ROWS, env: { NO_COLOR: '1' } });
    await s.waitFor((x) => x.includes('● live'), 15_000);

    // Ports triage: 2 then s puts the port erroring now on top, in words
    await press(s, '2', 's');
    // (the whole table: under load tmux can show a frame still being written)
    let f = await s.waitFor(
      (x) => /ERR\/s▼/.test(x) && (table(x)[0] ?? '').includes('! err') && table(x).length === 28,
      15_000,
    );
    fits(f);
    expect(f).toContain('sorted by errors/s now ▼');
    expect(table(f)[0]?.startsWith('›')).toBe(true);
    // the width is used: the columns 80 columns drop are all there, every name whole
    for (const t of ['SPEED', 'RX p/s', 'TX p/s', 'DROPS', 'LOAD', 'TRAFFIC'])
      expect(header(f)).toContain(t);
    expect(table(f).length).toBe(28);
    for (const row of table(f)) expect(row).not.toContain('…');

    // Overview drill-down: select the second top talker, Enter opens that port
    await press(s, '1');
    f = await s.waitFor(
      (x) => x.includes('Top talkers rx/tx b/s (Enter opens)') && /› eth-/.test(x),
    );
    fits(f);
    await press(s, 'Down');
    f = await s.waitFor((x) => {
      const at = lines(x).findIndex((l) => l.includes('Top talkers'));
      return at >= 0 && /› eth-/.test(lines(x)[at + 2] ?? '');
    });
    const picked = /› (eth-[\d/-]+)/.exec(f)?.[1];
    expect(picked).toBeTruthy();
    await press(s, 'Enter');
    f = await s.waitFor((x) => x.includes(`${picked} (port `) && x.includes('Esc returns'));
    fits(f);
    expect(f).toContain('[2 Ports]');
    expect(f).toContain('Transceiver');
    await press(s, 'Escape');
    // back on the Ports list, the opened port selected (a capture can catch the list half
    // drawn: wait for its selected row, then check which port it is)
    f = await s.waitFor(
      (x) =>
        header(x) !== '' && !x.includes('Esc returns') && table(x).some((l) => l.startsWith('›')),
    );
    expect(table(f).find((l) => l.startsWith('›'))).toMatch(new RegExp(`^›${picked} `));

    // the rule editor: unchanged, Esc closes it at once
    await press(s, '3');
    await s.waitFor((x) => x.includes('TCAM 21/4096') && x.includes('tap-1'));
    await press(s, 'a');
    f = await s.waitFor((x) => x.includes('Add rule') && x.includes('Esc back · keys go'));
    fits(f);
    // the status bar says the editor has the keys, not the list's (d delete would type a d)
    expect(lines(f).at(-1)).not.toContain('d delete');
    await press(s, 'Escape');
    await s.waitFor((x) => !x.includes('Add rule') && x.includes('PRIO'));
    expect(s.screen()).not.toContain('discard changes?');
    // changed, Esc asks; n keeps what was typed, y discards and sends nothing
    await press(s, 'a');
    await s.waitFor((x) => x.includes('Add rule'));
    await type(s, 'wide-note');
    await s.waitFor((x) => x.includes('wide-note'));
    await press(s, 'Escape');
    f = await s.waitFor((x) => x.includes('discard changes? y/n'));
    fits(f);
    await press(s, 'n');
    f = await s.waitFor((x) => !x.includes('discard changes?') && x.includes('wide-note'));
    expect(f).toContain('Add rule');
    await press(s, 'Escape');
    await s.waitFor((x) => x.includes('discard changes? y/n'));
    await press(s, 'y');
    f = await s.waitFor((x) => x.includes('PRIO') && !x.includes('Add rule'));
    expect(f).not.toContain('wide-note');
    expect(f).toContain('11 rules');

    // the other lists use the width too: a group's whole description, apps' whole names
    await press(s, '4');
    f = await s.waitFor((x) => x.includes('BUCKETS'));
    fits(f);
    expect(f).toContain('Copy to both IDS sensors');
    await press(s, '8');
    f = await s.waitFor((x) => x.includes('Available apps'));
    fits(f);
    expect(f).toMatch(/ heartbeat_bypass /);
    expect(f).toMatch(/ bypass_keepalive /);

    await press(s, 'q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 90_000);
});
