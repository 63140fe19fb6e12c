/** Screen 7 in a real terminal: admin is listed; the UAC lockout guard refuses a non-SUPER account. */
import { afterEach, describe, expect, it } from 'vitest';
import { startSim } from '../../src/sim/server.js';
import { killAll, press, startPbc, type } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

describe.runIf(tmuxTests())('users screen in tmux', () => {
  it('7 shows admin', async () => {
    const s = startPbc('--demo', { columns: 80, rows: 24 });
    await s.waitFor((x) => x.includes('● live'), 15_000);
    await press(s, '7');
    const f = await s.waitFor(
      (x) => x.includes('admin') && x.includes('SUPER') && x.includes('UAC off'),
    );
    expect(f).toContain('Default administrator');
  }, 30_000);

  it('the UAC lockout guard refuses when pbc logs in with a non-SUPER account', async () => {
    const sim = await startSim({ port: 0, host: '127.0.0.1' });
    try {
      await sim.app.inject({
        method: 'POST',
        url: '/rest/users',
        payload: { username: 'op', password: 'pw', accesslevel: 7 },
      });
      const s = startPbc(`--url ${sim.url} --user op`, { env: { PBC_PASSWORD: 'pw' } });
      await s.waitFor((x) => x.includes('● live'), 15_000);
      await press(s, '7');
      // U acts once the device's UAC state is in (before, it says "still loading")
      await s.waitFor((x) => x.includes('op (pbc)') && x.includes('UAC off: no login needed'));
      await press(s, 'U');
      const form = await s.waitFor((x) => x.includes('Turn UAC on'));
      expect(form).toContain("pbc logs in as 'op' (WRITE), not a SUPER account");
      await type(s, 'op');
      await press(s, 'Enter');
      await s.waitFor((x) => x.includes("'op' is WRITE, not SUPER"));
      expect(sim.state.uac).toBe(false);
      // what was typed is not dropped on one key: Esc asks first
      await press(s, 'Escape');
      await s.waitFor((x) => x.includes('discard changes? y/n'));
      await press(s, 'y');
      await s.waitFor((x) => x.includes('cancelled, nothing was changed'));
      expect(sim.state.uac).toBe(false);
    } finally {
      await sim.close();
    }
  }, 40_000);
});
