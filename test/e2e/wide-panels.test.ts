/**
 * A wide panel in a real terminal at 80×24 (issue 20): the transceiver table of a port's
 * details is 98 columns wide, so its light levels (Tx/Rx dBm) and temperature are cut; → moves
 * the window right until they show, Home brings it back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, lines, press, startPbc, type } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

describe.runIf(tmuxTests())('wide panels in tmux at 80×24', () => {
  it('→ on the port detail reveals the SFP light levels cut at 80 columns', async () => {
    const s = startPbc('--demo', { columns: 80, rows: 24, env: { NO_COLOR: '1' } });
    await s.waitFor((x) => x.includes('● live'), 15_000);
    await press(s, ':');
    await type(s, 'port eth-0-17');
    await press(s, 'Enter');
    // the status bar follows the view a frame after it: wait for it to offer ←/→
    let f = await s.waitFor(
      (x) => /Transceiver {2}col 1–78 of 98 ▶/.test(x) && !!lines(x).at(-1)?.includes('←/→ scroll'),
      15_000,
    );
    expect(f).not.toContain('Rx(dBm)');
    expect(f).not.toContain('Temp(C)');
    await press(s, 'Right', 'Right', 'Right');
    f = await s.waitFor((x) => x.includes('◀ col 21–98 of 98 (←/→)'), 15_000);
    expect(f).toContain('Rx(dBm)');
    expect(f).toContain('Temp(C)');
    // the port's line: its Tx and Rx power in dBm, then its temperature
    expect(f).toMatch(/-\d+\.\d\d +-\d+\.\d\d +\d+\.\d\n/);
    for (const l of lines(f)) expect(l.length).toBeLessThanOrEqual(80);
    await press(s, 'Home');
    f = await s.waitFor((x) => x.includes('Transceiver  col 1–78 of 98 ▶'), 15_000);
    expect(f).toMatch(/\n eth-0-17 {4}/);
    await press(s, 'q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 60_000);
});
