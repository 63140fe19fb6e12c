import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type SimServer, startSim } from '../../src/sim/server.js';
import { connectTarget } from '../../src/tui/palette.js';
import {
  assertOneLineError,
  assertResponsive,
  connectionWord,
  EVENT_MS,
  INTERVAL,
  openDrill,
  pollsSince,
  pollsStarted,
  ready,
  recovery,
  SLACK_MS,
  statusError,
} from './drill.js';

let sim: SimServer | undefined;
let moved: FastifyInstance | undefined;
afterEach(async () => {
  await moved?.close();
  moved = undefined;
  await sim?.close().catch(() => {}); // its listener may already be closed
  sim = undefined;
});

/** The same device (state, faults) answering on another port. */
async function listen(
  s: SimServer,
  port = 0,
): Promise<{ app: FastifyInstance; url: string; port: number }> {
  const app = buildApp(s.state, s.faults);
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const p = typeof address === 'object' && address ? address.port : port;
  return { app, url: `http://127.0.0.1:${p}/rest`, port: p };
}

const down = (f: string) => /^✖ down \(data \d+s old\)$/.test(connectionWord(f));

describe('drill: the device moves to a new address', () => {
  it('says down at the old address; `:connect URL` moves the console there', async () => {
    sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
    const d = await openDrill('ports', { sim, timeoutMs: 800 });
    await ready(d, 'eth-0-1');
    await sim.app.close(); // the old address stops answering…
    const next = await listen(sim); // …and the device answers at a new port
    moved = next.app;
    const f = await d.ui.waitFor((x) => down(x) && statusError(x) !== undefined, EVENT_MS);
    expect(f).toContain('eth-0-1');
    expect(statusError(f)).toMatch(/refused/);
    assertOneLineError(d, f);
    await assertResponsive(d.ui);
    await d.ui.waitFor((x) => /data [2-9]s old/.test(connectionWord(x)), EVENT_MS);

    // a wrong address: the console says so and stays on the old one
    d.ui.write(':');
    await d.ui.waitFor((x) => x.includes('Tab completes'), EVENT_MS);
    d.ui.write(`connect 127.0.0.1:${sim.port}`);
    d.ui.write('\r');
    // (a failure bound only: under load the typed address was still being read after 3 s)
    const refused = await d.ui.waitFor(
      (x) => statusError(x)?.startsWith('! connect ') === true,
      EVENT_MS,
    );
    expect(statusError(refused)).toMatch(
      new RegExp(`^! connect http://127.0.0.1:${sim.port}/rest failed: .*refused`),
    );
    console.log('[drill] address, wrong URL:', statusError(refused));
    expect(d.current().session.url).toBe(sim.url);

    // the operator gives the new address
    d.ui.write(':');
    await d.ui.waitFor((x) => x.includes('Tab completes'), EVENT_MS);
    d.ui.write(`connect ${next.url}`);
    const t = performance.now();
    d.ui.write('\r');
    // connecting checks the new address (one GET) before it swaps the connection in
    await recovery(d.ui, t, 2 * INTERVAL + SLACK_MS);
    // live at the new address by the second poll of the new connection (its poller counts from 0)
    expect(pollsSince(d, new Map())).toBeLessThanOrEqual(2);
    expect(d.ui.lastFrame()).toContain(next.url);
    expect(d.current().session.url).toBe(next.url);
    expect(sim.faults.writes).toBe(0);
  });

  it('recovers by itself when the device comes back at the same address', async () => {
    sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
    const d = await openDrill('ports', { sim, timeoutMs: 800 });
    await ready(d, 'eth-0-1');
    await sim.app.close();
    await d.ui.waitFor((x) => down(x) && /data [2-9]s old/.test(connectionWord(x)), EVENT_MS);
    await assertResponsive(d.ui);
    const t = performance.now();
    const polls = pollsStarted(d);
    moved = (await listen(sim, sim.port)).app;
    await recovery(d.ui, t, 2 * INTERVAL + SLACK_MS);
    // live again by the heartbeat's second poll (one may have been under way): not its backoff
    expect(pollsSince(d, polls)).toBeLessThanOrEqual(3);
    expect(sim.faults.writes).toBe(0);
  });
});

describe('connectTarget (`:connect` argument)', () => {
  it('completes host[:port] with the scheme in use and /rest; keeps a full URL', () => {
    expect(connectTarget('192.0.2.11', 'http://192.0.2.10/rest')).toBe('http://192.0.2.11/rest');
    expect(connectTarget('192.0.2.11:8443/', 'https://192.0.2.10/rest')).toBe(
      'https://192.0.2.11:8443/rest',
    );
    expect(connectTarget('http://[::1]:8080', 'https://x/rest')).toBe('http://[::1]:8080/rest');
    expect(connectTarget('https://pb.example/api/rest', 'http://x/rest')).toBe(
      'https://pb.example/api/rest',
    );
  });
});
