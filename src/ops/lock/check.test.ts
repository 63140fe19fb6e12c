/**
 * The executor's lock check, in process against the simulator: what it reads (one GET, or the
 * console's fresh poll instead), a pbc-lock made by hand refusing every write, and the
 * lock's own writes passing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, type LogEntry } from '../../api/index.js';
import { type SimServer, startSim } from '../../sim/server.js';
import { createConsoleStore } from '../../store/store.js';
import { ConflictError } from '../conflict.js';
import { run } from '../execute.js';
import { ruleOps } from '../rules.js';
import { savepointOps } from '../savepoints.js';
import { installLock } from './read.js';

let sim: SimServer;
let client: Client;
const log: LogEntry[] = [];
const env = { PBC_STATE_DIR: mkdtempSync(join(tmpdir(), 'pbc-lock-check-')) };

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 2 });
  client = createClient({ url: sim.url, onLog: (e) => log.push(e) });
  installLock(client, { env });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const add = (port: number) =>
  ruleOps.add({ priority: 50 + port, match: { in_port: String(port) }, actions: ['output:2'] });
const gets = (from: number) =>
  log.slice(from).filter((e) => e.method === 'GET' && e.url.startsWith('/savepoints')).length;

describe('the lock check of run', () => {
  it('reads the save-points once per run, whatever the run sends', async () => {
    const from = log.length;
    await run({ client }, async (send) => {
      await send(add(3));
      await send(add(4));
    });
    expect(gets(from)).toBe(1);
  });

  it("uses the console's save-points when polled in the last seconds, without a read", async () => {
    const store = createConsoleStore();
    const data = await client.savepoints.list();
    store.setState((s) => ({
      resources: {
        ...s.resources,
        savepoints: { ...s.resources.savepoints, data, updatedAt: Date.now(), failures: 0 },
      },
    }));
    const from = log.length;
    await run({ client, store }, (send) => send(add(5)));
    expect(gets(from)).toBe(0);
  });

  it("refuses every write while a pbc-lock not in pbc's words is there; the lock's own pass", async () => {
    await client.savepoints.createRules('pbc-lock', 'hands off — network team');
    const rules = sim.state.rules.size;
    const refused = run({ client }, (send) => send(add(6)));
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(
      "locked by someone outside pbc (save-point 'pbc-lock': hands off — network team)",
    );
    expect(sim.state.rules.size).toBe(rules);
    await run({ client }, (send) => send(savepointOps.remove('rules', 'pbc-lock')), {
      lockOp: true,
    });
    await run({ client }, (send) => send(add(6)));
    expect(sim.state.rules.size).toBe(rules + 1);
  });

  it('checks nothing on a client without the lock installed', async () => {
    const other = createClient({ url: sim.url, onLog: (e) => log.push(e) });
    await other.savepoints.createRules('pbc-lock', 'hands off');
    const from = log.length;
    await run({ client: other }, (send) => send(add(7)));
    expect(gets(from)).toBe(0);
    await other.savepoints.deleteRules('pbc-lock');
    await other.close();
  });
});
