/**
 * `pbc journal` lists the changes from outside a console of this operator saw (the
 * journal's `observed` lines, src/tui/outside-changes.ts) by time among the operator's own
 * writes: in the table as `outside: rules … seen`, in JSON with what was seen.
 */
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceId } from '../../src/ops/journal.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
const state = mkdtempSync(join(tmpdir(), 'pbc-journal-observed-'));
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

const run = (args: string[]) => s.run(args, { env: { PBC_STATE_DIR: state } });

describe('pbc journal and changes from outside', () => {
  it('lists an observed change beside the own writes, newest first', async () => {
    expect((await run(['device', 'name', 'pb-own'])).code).toBe(0);
    const seen = {
      type: 'observed',
      id: 'abcd1234',
      time: new Date(Date.now() + 1000).toISOString(),
      device: deviceId(s.url),
      what: 'rules',
      added: 1,
      removed: 0,
      changed: 2,
      items: ["+ rule 'theirs' priority 7 in_port=1", "~ rule 'a' priority 1 in_port=2"],
    };
    appendFileSync(join(state, 'journal.jsonl'), `${JSON.stringify(seen)}\n`);
    const list = json(await run(['journal', '-o', 'json']));
    expect(list[0]).toEqual({
      id: 'abcd1234',
      time: seen.time,
      device: seen.device,
      observed: { what: 'rules', added: 1, removed: 0, changed: 2, items: seen.items },
    });
    expect(list[1]).toMatchObject({ operation: 'device.setName' });
    const table = (await run(['journal', '-o', 'table'])).stdout;
    expect(table).toMatch(/abcd1234 .* outside: rules +\+1 −0 ~2: \+ rule 'theirs'.* seen/);
  });
});
