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

/** A bare write (no operation behind it) through `runner`'s client: what it threw, and how many writes the device saw. */
async function bareDelete(runner: Runner): Promise<{ error: unknown; sent: number }> {
  const client = await runner.client();
  const before = sim.faults.writes;
  const error = await client.transport
    .request('POST', '/rules/delete', { query: { name: 'tap-1' } })
    .catch((x: Error) => x);
  return { error, sent: sim.faults.writes - before };
}

describe('Runner.client', () => {
  it('of a read refuses a write before it is sent: the device sees no write', async () => {
    const runner = new Runner('get rules', options(), READ);
    try {
      const { error, sent } = await bareDelete(runner);
      expect((error as Error).message).toBe(
        'get rules is declared a read: POST /rules/delete refused, nothing was sent',
      );
      expect(sent).toBe(0);
      // reads still go through, and the rule is still there
      const { rules } = await (await runner.client()).rules.list();
      expect(rules.map((r) => r.name)).toContain('tap-1');
    } finally {
      await runner.close();
    }
  });

  it('of a write journals what it sends (the pipeline loaded on demand)', async () => {
    const runner = new Runner('rules delete', options(), CONFIRM);
    try {
      // every journal: a write without its operation is refused, nothing sent
      const { error, sent } = await bareDelete(runner);
      expect(error).toBeInstanceOf(Error);
      expect(sent).toBe(0);
      expect(await runner.journal()).toBeDefined();
    } finally {
      await runner.close();
    }
  });
});
