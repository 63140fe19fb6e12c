/** Screen 8 in a real terminal: the apps, and starting one. */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, lines, press, startPbc } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

describe.runIf(tmuxTests())('apps screen in tmux', () => {
  it('8 shows the apps; a starts one from its form, after its confirmation', async () => {
    const s = startPbc('--demo', { columns: 80, rows: 24 });
    await s.waitFor((x) => x.includes('● live'), 15_000);
    await press(s, '8');
    const f = await s.waitFor(
      (x) => x.includes('ntp') && x.includes('pcap') && x.includes('Running instances (0)'),
    );
    for (const l of lines(f)) expect(l.length).toBeLessThanOrEqual(80);
    await press(s, 'a');
    await s.waitFor((x) => x.includes('Start ntp') && x.includes('Time server'));
    await press(s, 'Enter');
    // it asks first, with the request as the operation describes it; y sends
    const ask = await s.waitFor((x) => x.includes('Start ntp?') && x.includes('Sends POST /apps'));
    for (const l of lines(ask)) expect(l.length).toBeLessThanOrEqual(80);
    await press(s, 'y');
    await s.waitFor(
      (x) => x.includes('Running instances (1)') && x.includes('mode=client'),
      10_000,
    );
  }, 40_000);
});
