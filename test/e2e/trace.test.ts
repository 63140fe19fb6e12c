/**
 * The operator's question on `pbc --demo` in tmux at 80×24 (issue 17): "SSH from 10.1.2.3 on
 * eth-0-1 never reaches the IDS on eth-0-9: why?" — `t` on Rules traces it (dropped by
 * ssh-drop), and `t` on the port shows where its HTTPS goes (tap-1 → eth-0-9).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxTests } from './tmux.js';

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const selected = (screen: string) => lines(screen).find((l) => l.startsWith('›')) ?? '';

describe.runIf(tmuxTests())('trace in pbc --demo', () => {
  it('from Rules and from Ports at 80×24', async () => {
    const s = new TmuxSession('node dist/cli.js --demo', { columns: 80, rows: 24 });
    sessions.push(s);
    await s.waitFor((x) => x.includes('pb-lab-01') && x.includes('● live'), 20_000);

    s.keys('3');
    await s.waitFor((x) => selected(x).includes('ssh-drop'), 15_000);
    s.keys('t'); // prefilled from ssh-drop: tcp, dst port 22
    await s.waitFor((x) => x.includes('Trace a packet') && x.includes('dst port 22'));
    s.keys('1', 'Tab', 'Tab');
    s.keys('-l', '10.1.2.3');
    await s.waitFor((x) => x.includes('✔ IPv4, tcp, 10.1.2.3 → *:22 — Enter traces it'));
    s.keys('Enter');
    const dropped = await s.waitFor((x) => x.includes('Trace: in_port 1 (eth-0-1)'));
    expect(dropped).toContain("✖ dropped by 'ssh-drop' prio 3000: drop action of 'ssh-drop'");
    expect(selected(dropped)).toContain('ssh-drop');
    for (const l of lines(dropped)) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines(dropped).length).toBeLessThanOrEqual(24);
    s.keys('Escape');
    await s.waitFor((x) => !x.includes('Trace: in_port'));

    s.keys('2');
    await s.waitFor((x) => selected(x).includes('eth-0-1 '), 15_000);
    s.keys('t');
    await s.waitFor((x) => /› in_port +1/.test(x));
    s.keys('Tab', 'Right', 'Tab', 'Tab', 'Tab', 'Tab');
    s.keys('-l', '443');
    s.keys('Enter');
    const forwarded = await s.waitFor((x) => x.includes('Trace: in_port 1 (eth-0-1)'));
    expect(forwarded).toContain("✔ forwarded by 'tap-1' prio 1000 → eth-0-9 (up)");
    expect(forwarded).toContain("'ssh-drop' prio 3000: tcp_dst");
    expect(forwarded).toContain('eth-0-1 '); // the ports table stays above

    s.keys('Escape');
    await s.waitFor((x) => !x.includes('Trace: in_port'));
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
  }, 90_000);
});
