/** What guard-key and guard-closed share: the device's write count, and `G` on a port change. */
import { expect } from 'vitest';
import { body, polled, type TestConsole } from './admin-console.js';

export async function writes(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

export /** On Ports, `e` on the `down`-th port, shut it down, Enter: its confirmation, then `G`, Enter. */
async function guardShutdown(t: TestConsole, port: string, down: number) {
  await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 15_000);
  await polled(t, 'config');
  for (let i = 0; i < down; i++) await t.h.press('down');
  await t.h.press('e');
  await t.h.waitFor((x) => x.includes(`Port ${port} (type 1)`), 5000);
  await t.h.press(' '); // shut down: yes
  await t.h.press('enter');
  const confirm = await t.h.waitFor((x) => x.includes(`Change ${port}?`), 10_000);
  expect(body(confirm)).toContain('G guarded');
  const base = await writes(t);
  await t.h.press('G');
  await t.h.waitFor((x) => x.includes('Guarded: watch the traffic for'), 10_000);
  expect(await writes(t)).toBe(base); // G only asks for the window
  await t.h.press('enter');
  await t.h.waitFor((x) => x.includes('guarded: reverts by itself if a guard trips'), 30_000);
  return base;
}
