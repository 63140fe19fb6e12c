/** Screen 9 in a real terminal: the storage mode, and a reboot that reconnects by itself. */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, press, startPbc } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

describe.runIf(tmuxTests())('device screen in tmux', () => {
  it('9 shows the storage mode; B reboots after y, counts down and reconnects by itself', async () => {
    const s = startPbc('--demo', { columns: 100, rows: 30 });
    await s.waitFor((x) => x.includes('● live'), 15_000);
    await press(s, '9');
    const f = await s.waitFor(
      (x) =>
        x.includes('Rule storage mode') &&
        /Rule storage mode +simple\b/.test(x) &&
        /Device name +pb-lab-01/.test(x) &&
        x.includes("'factory-default' loads"),
    );
    expect(f).toContain('Permanent rules');
    await press(s, 'B');
    await s.waitFor((x) => x.includes('Reboot pb-lab-01?'));
    await press(s, 'y');
    await s.waitFor((x) => x.includes('Waiting for the device to answer again'), 10_000);
    await s.waitFor((x) => x.includes('device is back after') && x.includes('reconnected'), 30_000);
    await s.waitFor((x) => x.includes('● live') && x.includes('Rule storage mode'), 15_000);
    await press(s, 'q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 60_000);
});
