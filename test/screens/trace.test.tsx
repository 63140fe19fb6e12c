/**
 * `t` traces a packet in the console (issue 17): on Rules a form prefilled from the selected
 * rule's match, checked as typed; Enter shows the path under the table and selects the
 * winning rule. On Ports the same form with the port as in_port. The simulator's factory
 * rules: https-3 (2000: in_port=3 tcp tcp_dst=443 → 10), tap-1 (1000: in_port=1 → 9), tap-2,
 * udp-range (100).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '../harness/render.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const selectedRow = (frame: string) => frameLines(frame).find((l) => l.startsWith('›')) ?? '';

async function type(text: string) {
  for (const ch of text) await m!.ui.press(ch);
}

describe('trace from the Rules screen', () => {
  it('prefills from the selected rule, checks as typed, shows the path and selects the winner', async () => {
    m = await mountConsole({ screen: 'rules', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('tap-1') && x.includes('https-3'), 5000);
    await m.ui.press('j'); // tap-1
    await m.ui.waitFor((x) => selectedRow(x).includes('tap-1'));
    await m.ui.press('t');
    const form = await m.ui.waitFor((x) => x.includes('Trace a packet'));
    expect(form).toMatch(/› in_port +1/);
    expect(form).toContain('Enter traces it');

    // checked as typed: each issue names its field
    await m.ui.press('backspace');
    await m.ui.waitFor((x) => x.includes('✖ in_port: in_port is required'));
    await m.ui.press('x');
    await m.ui.waitFor((x) =>
      x.includes("✖ in_port: in_port must be one port number or interface name, got 'x'"),
    );
    await m.ui.press('backspace');
    await type('3');
    await m.ui.press('tab');
    await m.ui.press('right'); // protocol: tcp
    for (let i = 0; i < 4; i++) await m.ui.press('tab'); // dst port
    await type('99999');
    await m.ui.waitFor((x) =>
      x.includes("✖ dst port: tcp_dst must be a port 0..65535, got '99999'"),
    );
    await m.ui.press('enter'); // refused: the form stays, the focus on the field
    await m.ui.waitFor((x) => x.includes('›✖dst port') && x.includes('✖ tcp_dst must be a port'));
    for (let i = 0; i < 5; i++) await m.ui.press('backspace');
    await type('443');
    await m.ui.waitFor((x) => x.includes('✔ IPv4, tcp, * → *:443 — Enter traces it'));
    await m.ui.press('enter');
    const result = await m.ui.waitFor((x) => x.includes('Trace: in_port 3 (eth-0-3)'));
    expect(result).toContain("✔ forwarded by 'https-3' prio 2000 → eth-0-10 (up)");
    expect(result).toContain('passed over: none');
    expect(selectedRow(result)).toContain('https-3');
    for (const l of frameLines(result)) expect(l.length).toBeLessThanOrEqual(80);

    // t again edits the same packet; Esc closes the path
    await m.ui.press('t');
    await m.ui.waitFor((x) => /› in_port +3/.test(x) && x.includes('dst port 443'));
    await m.ui.press('escape');
    await m.ui.waitFor((x) => x.includes('t trace again'));
    await m.ui.press('escape');
    await m.ui.waitFor((x) => !x.includes('Trace: in_port'));
  });

  it('a packet no rule matches: unmatched, every rule passed over with its first failing field', async () => {
    m = await mountConsole({ screen: 'rules', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('udp-range'), 5000);
    await m.ui.press('t'); // https-3: in_port 3, tcp, dst port 443
    await m.ui.waitFor((x) => /› in_port +3/.test(x));
    await m.ui.press('backspace');
    await type('7');
    await m.ui.press('enter');
    const result = await m.ui.waitFor((x) => x.includes('Trace: in_port 7'));
    expect(result).toContain('✖ unmatched: no rule matches: the device drops it');
    expect(result).toContain("'https-3' prio 2000: in_port");
    expect(result).toContain("'tap-1' prio 1000: in_port");
  });
});

describe('trace from the Ports screen', () => {
  it('t on a port opens the form with the port as in_port, and shows the path under the table', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('eth-0-1 '), 5000);
    await m.ui.press('j');
    await m.ui.press('j'); // eth-0-3
    await m.ui.waitFor((x) => selectedRow(x).includes('eth-0-3'));
    await m.ui.press('t');
    await m.ui.waitFor((x) => /› in_port +3/.test(x));
    await m.ui.press('tab');
    await m.ui.press('right'); // tcp
    for (let i = 0; i < 4; i++) await m.ui.press('tab');
    await type('443');
    await m.ui.press('enter');
    const result = await m.ui.waitFor((x) => x.includes('Trace: in_port 3 (eth-0-3)'), 5000);
    expect(result).toContain("✔ forwarded by 'https-3' prio 2000 → eth-0-10 (up)");
    expect(result).toContain('eth-0-1 '); // the table stays above
    await m.ui.press('escape');
    await m.ui.waitFor((x) => !x.includes('Trace: in_port'));
  });
});
