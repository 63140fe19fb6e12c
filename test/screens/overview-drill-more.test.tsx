/**
 * Drill-down from the Overview, beyond ports (issue 20): the environment lines (fans, power
 * supplies, each temperature sensor, where alarms show) open the Device screen at that
 * sensor, and the "Top rules" by rate (in the left column at 80×24) open the rule.
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

describe('overview drill-down: sensors and rules', () => {
  it('↑ from the top talker reaches the temperatures; Enter opens the Device screen there', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    let f = await m.ui.waitFor((x) => /› eth-\d+-\d+\s+.*\brx \S+ tx \S+/.test(x), 8000);
    // the last temperature sensor is right above the ports
    await m.ui.press('up');
    f = await m.ui.waitFor((x) => /› temp 5 /.test(x), 8000);
    await m.ui.press('up');
    await m.ui.waitFor((x) => /› temp 4 outlet/.test(x), 8000);
    await m.ui.press('enter');
    // a sensor is read-only: no Enter on its row, nor the status bar's "Enter change" (the
    // status bar follows the selection a frame after it: wait for it, it must drop the hint)
    f = await m.ui.waitFor(
      (x) =>
        x.includes('[9 Device]') &&
        /›Temp 4 outlet/.test(x) &&
        x.includes('B reboot') &&
        !x.includes('Enter change'),
      8000,
    );
    expect(f).toContain('Temperature sensor 4 (outlet)');
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);
    await m.ui.press('enter');
    // the key handled and its frame drawn: nothing opened
    f = await m.ui.settle();
    expect(f).toContain('Temperature sensor 4 (outlet)');
    expect(f).not.toContain('Enter change');
    // a setting's row has it
    await m.ui.press('home');
    await m.ui.waitFor((x) => x.includes('Enter change'), 8000);
  }, 60_000);

  it('lists the top rules by rate at 80×24; G selects the last, Enter opens it', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    let f = await m.ui.waitFor(
      (x) =>
        x.includes('Top rules') &&
        /\n {3}\S+ {2}[\d.]+[kMG]?b\/s/.test(x.split('Top rules')[1] ?? ''),
      8000,
    );
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);
    // the ports' lists are all still there
    expect(f).toContain('Top talkers');
    expect(f).toContain('Since start:');
    await m.ui.press('end');
    f = await m.ui.waitFor((x) =>
      /› \S+ {2}[\d.]+[kMG]?b\/s\s*(\n|\s{2,}OVERSUB|\s{2,}\+|\s{2,}eth|\s{2,}Since)/.test(x),
    );
    const line = frameLines(f).find((l) => l.startsWith(' › ')) ?? '';
    const name = /› (\S+) {2}/.exec(line)![1]!;
    await m.ui.press('enter');
    f = await m.ui.waitFor((x) => x.includes('[3 Rules]') && x.includes(`Rule '${name}'`), 8000);
    expect(f).toContain('rate');
  }, 60_000);
});
