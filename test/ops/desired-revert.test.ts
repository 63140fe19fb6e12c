/**
 * What `pbc apply --revert-after` sets back outside the rules: only what the apply changes.
 * A team's file owns every port (an export does), so writing back every owned port would
 * send a POST /ports/config to ports the apply never touched — on a real device, a link that
 * may flap for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { exportDesired } from '../../src/ops/desired/export.js';
import { beforeRequests } from '../../src/ops/desired/revert.js';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let c: Client;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 3 });
  c = createClient({ url: sim.url });
});
afterAll(async () => {
  await c?.close();
  await sim?.close();
});

describe('the before state an apply revert takes', () => {
  it('is empty when the file sets ports, hash and boot to what the device has', async () => {
    const config = await exportDesired(c, undefined, { warn: () => {} });
    expect(Object.keys(config.ports ?? {}).length).toBeGreaterThan(4);
    expect(await beforeRequests(c, config)).toEqual([]);
  });

  it('holds the one port setting the file changes, as the device has it now', async () => {
    const config = await exportDesired(c, ['ports', 'group_hash'], { warn: () => {} });
    const [name, port] = Object.entries(config.ports!)[3]!;
    const was = port.shutdown;
    config.ports![name] = { ...port, shutdown: !was };
    config.group_hash = { ...config.group_hash, ipsa: !config.group_hash!.ipsa };
    const requests = (await beforeRequests(c, config)).map((op) => op.request);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/ports/config',
      query: { if_name: name, shutdown: was },
    });
    expect(Object.keys(requests[0]!.query ?? {}).sort()).toEqual(['if_name', 'shutdown']);
    expect(requests[1]).toMatchObject({ method: 'POST', path: '/device/grouphash' });
  });
});
