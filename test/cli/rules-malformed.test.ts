/**
 * `pbc rules rm` / `rules set` never send a write that could reach a rule the device
 * described without an exact identity (priority null, in_port null): the key the operator
 * would type for it (priority 32768, in_port '') once made the device delete three others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { type DeviceProxy, withBogus } from './device-proxy.js';
import { json, oneErrorLine } from './helpers.js';
import { pbcInProcess } from './in-process.js';

let sim: SimServer;
let proxy: DeviceProxy;
beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5 });
  proxy = await withBogus(sim.url);
});
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

const run = (args: string[]) => pbcInProcess(['--url', proxy.url, ...args]);

describe('a malformed rule on the device', () => {
  it('is listed as malformed by get rules', async () => {
    const rules = json(await run(['get', 'rules', '-o', 'json']));
    const bogus = rules.find((r: { name: string }) => r.name === 'bogus');
    expect(bogus).toMatchObject({
      malformed: 'priority missing, match in_port is null',
      match: { in_port: 'null' },
    });
    const table = await run(['get', 'rules', '-o', 'table']);
    const row = table.stdout.split('\n').find((l) => l.includes('bogus')) ?? '';
    expect(row).toMatch(/^\s*\? +bogus +✖ malformed: priority missing, match in_port is null/);
  });

  it('rules rm and rules set that may name it are refused, and nothing is sent', async () => {
    for (const args of [
      ['rules', 'rm', '--priority', '32768', '--match', 'in_port=', '--yes'],
      ['rules', 'set', '--priority', '32768', '--match', 'in_port=', '--actions', 'drop'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(oneErrorLine(r)).toMatch(
        /^pbc: rules (rm|set): refusing: the device lists a malformed rule 'bogus' \(priority missing, match in_port is null\)/,
      );
    }
    expect(proxy.writes()).toEqual([]);
  });

  it('a delete that names a well-formed rule exactly still goes through', async () => {
    const r = await run(['rules', 'rm', '--priority', '1000', '--match', 'in_port=1', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.writes().map((w) => `${w.method} ${w.path}`)).toEqual(['DELETE /rest/rules']);
  });
});
