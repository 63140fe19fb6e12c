/** The client a command gets: a read's refuses every write; a write's journals it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../sim/server.js';
import type { GlobalOptions } from './context.js';
import { Runner } from './run.js';
import { CONFIRM, READ } from './safety.js';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());

const options = (): GlobalOptions => ({ url: sim.url }) as GlobalOptions;

describe('Runner.client', () => {
  it('of a read refuses a write before it is sent: the device sees no write', async () => {
    const runner = new Runner('get rules', options(), READ);
    try {
      const client = await runner.client();
      const before = sim.faults.writes;
      const e = await client.transport
        .request('POST', '/rules/delete', { query: { name: 'tap-1' } })
        .catch((x: Error) => x);
      expect((e as Error).message).toBe(
        'get rules is declared a read: POST /rules/delete refused, nothing was sent',
      );
      expect(sim.faults.writes).toBe(before);
      // reads still go through, and the rule is still there
      const { rules } = await client.rules.list();
      expect(rules.map((r) => r.name)).toContain('tap-1');
    } finally {
      await runner.close();
    }
  });

  it('of a write journals what it sends (the pipeline loaded on demand)', async () => {
    const runner = new Runner('rules delete', options(), CONFIRM);
    try {
      const client = await runner.client();
      // strict journal: a write without its operation is refused, nothing sent
      const before = sim.faults.writes;
      const e = await client.transport
        .request('POST', '/rules/delete', { query: { name: 'tap-1' } })
        .catch((x: Error) => x);
      expect(e).toBeInstanceOf(Error);
      expect(sim.faults.writes).toBe(before);
      expect(await runner.journal()).toBeDefined();
    } finally {
      await runner.close();
    }
  });
});
