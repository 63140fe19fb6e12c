/**
 * Triage in a real terminal at 80×24 (issue 20): from start, `2` then `s` puts the port that
 * is erroring now on top, marked in words (`! err`) with NO_COLOR set — two keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, lines, press, startPbc } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

const table = (screen: string) => lines(screen).filter((l) => /^[›\s]eth-/.test(l));

describe.runIf(tmuxTests())('which port is erroring now, in tmux at 80×24', () => {
  it('2 then s: the port with the most errors per second now comes first, flagged in words', async () => {
    const s = startPbc('--demo', { columns: 80, rows: 24, env: { NO_COLOR: '1' } });
    await s.waitFor((x) => x.includes('● live'), 15_000);
    await press(s, '2', 's');
    const f = await s.waitFor(
      (x) => /ERR\/s▼/.test(x) && (table(x)[0] ?? '').includes('! err'),
      15_000,
    );
    expect(f).toContain('sorted by errors/s now ▼');
    for (const l of lines(f)) expect(l.length).toBeLessThanOrEqual(80);
    // the first row is the selected one: Enter opens that port's counters
    expect(table(f)[0]?.startsWith('›')).toBe(true);
    // which port: names are whole at 80 columns (not 'eth-0-22…' for four ports)
    for (const row of table(f)) expect(row).toMatch(/^[›\s]eth-[\d/-]+ /);
    await press(s, 'q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 60_000);
});
