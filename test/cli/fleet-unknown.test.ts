/**
 * A fleet write sent to a device slower than --timeout: the device applies it after pbc gave
 * up waiting. The summary must say `unknown` (sent, no answer) with the read that shows what
 * happened — never `not reached`, which is kept for devices nothing was sent to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetConfig } from './fleet-helpers.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let slow: CliSim;
let downUrl: string;
let config: string;

beforeAll(async () => {
  slow = inProcess(await startCliSim());
  // Every write waits 1.5 s at the device before it is handled; pbc waits 0.4 s. Reads (the
  // lock check before a write, the check after) are answered at once.
  await slow.control('/_sim/fault', { latency_ms: 1500, latency_on: 'writes' });
  const down = inProcess(await startCliSim());
  downUrl = down.url;
  await down.close();
  config = fleetConfig({ slow: slow.url, down: downUrl }, { lab: ['slow', 'down'] });
});
afterAll(async () => {
  await slow?.close();
});

const run = (args: string[]) =>
  pbcInProcess(['--timeout', '400', ...args], { env: { PBC_CONFIG: config }, timeoutMs: 30_000 });

/** The ID LED as the device reports it. */
async function idled(): Promise<boolean> {
  const res = await fetch(`${slow.url}/device/idled`);
  return ((await res.json()) as { activated: boolean }).activated;
}

/** Waits until the device reports the LED `on` (the held write lands 1.5 s after it arrived). */
async function untilIdled(on: boolean, timeoutMs = 15_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while ((await idled()) !== on && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return idled();
}

describe('pbc --fleet: a write sent and not answered', () => {
  it('is unknown with the read to check it, not "not reached"; a down device is not reached', async () => {
    const r = await run(['--fleet', 'lab', '--yes', 'device', 'idled', 'on']);
    expect(r.code).toBe(1);
    const out = json(r);
    expect(out.map((d: { device: string; status: string }) => [d.device, d.status])).toEqual([
      ['slow', 'unknown'],
      ['down', 'not reached'],
    ]);
    expect(out[0].check).toBe('pbc --context slow get idled');
    expect(out[0].error).toMatch(
      /^POST \/device\/idled timed out .* it was sent, so it may have been applied; check with: pbc --context slow get idled$/,
    );
    expect(out[1].check).toBeUndefined();
    // It was applied after all: "unknown" was the truth, "not reached" would have been a lie.
    expect(await untilIdled(true)).toBe(true);
  });

  it('says unknown in the table too', async () => {
    const r = await run(['--fleet', 'lab', '--yes', '-o', 'table', 'device', 'idled', 'off']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^DEVICE +STATUS +DETAIL\nslow +unknown +POST \/device\/idled timed out/,
    );
    expect(r.stdout).toMatch(/\ndown +not reached +/);
  });
});
