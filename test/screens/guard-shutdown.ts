/** What guard-key and guard-closed share: `G` on a port change. */
import { expect } from 'vitest';
import { askPortShutdown, body, deviceWrites, type TestConsole } from './admin-console.js';

/** On Ports, `e` on the `down`-th port, shut it down, Enter: its confirmation, then `G`, Enter. */
export async function guardShutdown(t: TestConsole, port: string, down: number) {
  const confirm = await askPortShutdown(t, port, down);
  expect(body(confirm)).toContain('G guarded');
  const base = await deviceWrites(t);
  await t.h.press('G');
  await t.h.waitFor((x) => x.includes('Guarded: watch the traffic for'), 10_000);
  expect(await deviceWrites(t)).toBe(base); // G only asks for the window
  await t.h.press('enter');
  await t.h.waitFor((x) => x.includes('guarded: reverts by itself if a guard trips'), 30_000);
  return base;
}
