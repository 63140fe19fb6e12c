/**
 * Tool-port load as an operator sees it: `pbc --demo` in tmux at 80×24, the Ports screen
 * says OVERSUB (in words) on the demo's oversubscribed tool port eth-0-15, and its detail
 * names the rule that feeds it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, TmuxSession } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

const portLine = (screen: string, name: string) =>
  screen.split('\n').find((l) => l.includes(`${name} `)) ?? '';

describe.runIf(hasTmux())('pbc --demo: tool-port load at 80×24', () => {
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
});
