/**
 * The console as an operator sees it: `pbc --demo` in tmux at 100×30 and 80×24, keys
 * typed, the screen read back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxTests } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

function start(columns: number, rows: number, env: Record<string, string> = {}) {
  const s = new TmuxSession('node dist/cli.js --demo', { columns, rows, env });
  sessions.push(s);
  return s;
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const portLine = (screen: string, name: string) =>
  lines(screen).find((l) => l.includes(`${name} `)) ?? '';

describe.runIf(tmuxTests())('pbc --demo in a terminal', () => {
  for (const [columns, rows] of [
    [100, 30],
    [80, 24],
  ] as const) {
    it(`shows overview, live ports, logs and help, and quits cleanly at ${columns}×${rows}`, async () => {
      const s = start(columns, rows);
      const overview = await s.waitFor(
        (x) => x.includes('pb-lab-01') && x.includes('Environment') && x.includes('TCAM'),
        15_000,
      );
      expect(overview).toContain('● live');
      expect(lines(overview).length).toBeLessThanOrEqual(rows);

      s.keys('2');
      // rates need two samples; then they change between captures two polls apart
      const first = await s.waitFor(
        (x) => x.includes('RX b/s') && /\d[kMG]/.test(portLine(x, 'eth-0-1')),
      );
      // at 80×24 one port's few columns (3 significant digits) may read the same twice: compare
      // every port's line, until a later poll's rates are drawn (no fixed 4.5 s sleep)
      const ports = (x: string) => lines(x).filter((l) => l.includes('eth-0-'));
      const second = await s.waitFor(
        (x) => ports(x).length > 0 && JSON.stringify(ports(x)) !== JSON.stringify(ports(first)),
        30_000,
      );
      expect(ports(second)).not.toEqual(ports(first));

      s.keys('6');
      await s.waitFor((x) => x.includes('system: device') && x.includes('following'));

      s.keys('?');
      await s.waitFor((x) => x.includes('Help') && x.includes('follow new lines'));
      s.keys('Escape');
      await s.waitFor((x) => !x.includes('Help —'));

      s.keys('q');
      const after = await s.waitFor((x) => x.includes('after-pbc'));
      expect(s.status()).toBe('exit=0');
      // the alternate screen was left: the shell's own lines are back, the console is gone
      expect(after).toContain('before-pbc');
      expect(after).not.toContain('Environment');
    }, 60_000);
  }

  it('says the terminal is too small below 80×24 and still quits with q', async () => {
    const s = start(70, 20);
    await s.waitFor((x) => x.includes('Terminal too small'), 15_000);
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 30_000);

  it('draws with DEV=true in the environment (Ink development mode stays off)', async () => {
    const s = start(80, 24, { DEV: 'true' });
    await s.waitFor((x) => x.includes('pb-lab-01') && x.includes('q quit'), 15_000);
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 30_000);

  it('Ctrl-C restores the terminal too', async () => {
    const s = start(100, 30);
    await s.waitFor((x) => x.includes('pb-lab-01'), 15_000);
    s.keys('C-c');
    const after = await s.waitFor((x) => x.includes('after-pbc'));
    expect(after).toContain('before-pbc');
    expect(after).not.toContain('Environment');
  }, 30_000);

  it('Ctrl-C read together with a key before it quits too (Ink quits only on Ctrl-C alone)', async () => {
    const s = start(100, 30);
    await s.waitFor((x) => x.includes('pb-lab-01'), 15_000);
    s.keys('3', 'C-c'); // one send-keys: one read, "3\x03"
    const after = await s.waitFor((x) => x.includes('after-pbc'), 20_000);
    expect(after).toContain('before-pbc');
    expect(after).not.toContain('Rules');
  }, 45_000);
});
