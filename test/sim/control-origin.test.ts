/**
 * /_sim on loopback (no token) refuses what a web page in a local browser could send: a
 * request with another Origin, and a body that is not JSON (form or text/plain POSTs need
 * no preflight). 403 {error}, and nothing changes; pbc's and the tests' own JSON requests
 * (no Origin, or the simulator's own) still work.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let base: URL;
beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
  base = new URL(sim.url.replace(/\/rest$/, ''));
});
afterAll(() => sim.close());

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: { error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const latency = async () =>
  ((await send('GET', '/_sim/status', {})).json as { faults: { latencyMs: number } }).faults
    .latencyMs;
const body = JSON.stringify({ latency_ms: 5000 });

describe('/_sim refuses cross-origin requests', () => {
  it.each([
    ['a text/plain POST', { 'content-type': 'text/plain' }],
    ['a form POST', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['a POST without a content type', {}],
    [
      'JSON from another origin',
      { 'content-type': 'application/json', origin: 'http://evil.example' },
    ],
    [
      'JSON from another port of this host',
      { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
    ],
  ])('%s: 403 {error}, the fault is not set', async (_what, headers) => {
    const r = await send('POST', '/_sim/fault', headers as Record<string, string>, body);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(
      /^\/_sim (refuses requests from another origin|takes a JSON body only)/,
    );
    expect(await latency()).toBe(0);
  });

  it('a GET from another origin is refused too', async () => {
    const r = await send('GET', '/_sim/status', { origin: 'http://evil.example' });
    expect(r.status).toBe(403);
  });

  it('JSON with no Origin, or its own, is taken; /rest is not concerned', async () => {
    const json = { 'content-type': 'application/json' };
    expect(
      (await send('POST', '/_sim/fault', json, JSON.stringify({ latency_ms: 1 }))).status,
    ).toBe(200);
    expect(await latency()).toBe(1);
    const own = { ...json, origin: `http://${base.host}` };
    expect((await send('POST', '/_sim/fault', own, JSON.stringify({ latency_ms: 0 }))).status).toBe(
      200,
    );
    expect(await latency()).toBe(0);
    expect((await send('GET', '/rest/device/name', { origin: 'http://evil.example' })).status).toBe(
      200,
    );
  });
});
