/** Screen 5 in a real terminal: the factory save-point, and v shows a diff. */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, lines, press, startPbc } from './admin-helpers.js';
import { tmuxTests } from './tmux.js';

afterEach(killAll);

describe.runIf(tmuxTests())('save-points screen in tmux', () => {
  for (const [columns, rows] of [
    [100, 30],
    [80, 24],
  ] as const) {
    it(`5 shows the factory save-point and v shows a diff at ${columns}×${rows}`, async () => {
      const s = startPbc('--demo', { columns, rows });
      await s.waitFor((x) => x.includes('● live'), 15_000);
      await press(s, '5');
      const list = await s.waitFor(
        (x) => x.includes('factory-default') && x.includes('factory-ports') && x.includes('boot'),
      );
      expect(lines(list).length).toBeLessThanOrEqual(rows);
      for (const l of lines(list)) expect(l.length).toBeLessThanOrEqual(columns);
      await press(s, 'v');
      const diff = await s.waitFor((x) => x.includes("Active rules → 'factory-default'"));
      expect(diff).toContain('4 unchanged');
      // Esc and Enter apart: in one read they are Alt+Enter (the console splits Esc only from a
      // character, src/tui/keys.ts)
      await press(s, 'Escape');
      await s.waitFor((x) => !x.includes("Active rules → 'factory-default'"));
      await press(s, 'Enter');
      await s.waitFor(
        (x) => x.includes('tap-1') && x.includes('https-3') && x.includes('in_port=3,tcp'),
      );
    }, 40_000);
  }
});
