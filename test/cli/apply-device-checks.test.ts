/**
 * `pbc diff -f` / `pbc apply -f` on the simulator refuse a plan the device would refuse
 * part-way, before anything is sent: a rule that needs another storage mode, a port the
 * device does not have (in_port, output, a bucket's output or watch port), more TCAM flows
 * than the maximum. Exit 2, one error line, the simulator's write count unchanged; each
 * file starts with a rule the device would take, so an unchecked apply would send it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, type RunOptions, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-apply-checks-'));

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

const run = (args: string[], o: RunOptions = {}) =>
  s.run(args, { ...o, env: { PBC_STATE_DIR: mkdtempSync(join(dir, 'state-')), ...o.env } });

let n = 0;
function file(text: string): string {
  const p = join(dir, `team-${++n}.yaml`);
  writeFileSync(p, text);
  return p;
}

const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

/** A rule the device takes, written first: an apply without the checks sends it. */
const GOOD = '  - { priority: 3500, name: fine, match: { in_port: 1 }, actions: [output:2] }\n';

const CASES: [string, string, RegExp][] = [
  [
    'an IPv6 match in simple storage mode',
    `rules:\n${GOOD}  - { priority: 3501, name: v6, match: { ipv6: '', ipv6_dst: '2001:db8::1' }, actions: [output:2] }\n`,
    /rule 'v6' .*IPv6 matches need rule storage mode 'ipv6' \(current mode is 'simple'\)/,
  ],
  [
    'an in_port the device does not have',
    `rules:\n${GOOD}  - { priority: 3502, name: far, match: { in_port: 99 }, actions: [output:2] }\n`,
    /rule 'far' .*in_port 99 does not exist on this device/,
  ],
  [
    'an output port the device does not have',
    `rules:\n${GOOD}  - { priority: 3503, name: nowhere, match: { in_port: 3 }, actions: [output:99] }\n`,
    /rule 'nowhere' .*output port 99 does not exist/,
  ],
  [
    'a watch port the device does not have',
    `rules:\n${GOOD}groups:\n  - { id: 35, type: ff, buckets: [ { watch_port: 99, actions: [output:4] } ] }\n`,
    /group 35: bucket 1: watch port 99 is not a port of this device/,
  ],
  [
    'more TCAM flows than the maximum',
    // 28 ports × 16 × 16 port-range prefixes: 7,168 entries, past the 4,096 of 'simple'
    `rules:\n${GOOD}  - { priority: 3504, name: huge, match: { in_port: 1-28, tcp: '', tcp_src: 1-65535, tcp_dst: 1-65535 }, actions: [output:2] }\n`,
    /TCAM: the plan needs \d+ flows, the device's maximum is 4096/,
  ],
];

describe('diff / apply refuse what the device would refuse, before sending anything', () => {
  it.each(CASES)(
    '%s',
    async (_what, text, why) => {
      const team = file(text);
      const sent = await writes();
      const diff = await run(['diff', '-f', team, '-o', 'json']);
      expect(diff.code, diff.stderr).toBe(2);
      expect(json(diff).errors.join('\n')).toMatch(why);
      expect(oneErrorLine(diff)).toMatch(/nothing was sent/);
      const table = await run(['diff', '-f', team, '-o', 'table']);
      expect(table.code).toBe(2);
      expect(table.stdout).toMatch(new RegExp(`error: .*${why.source}`));
      const apply = await run(['apply', '-f', team, '--yes']);
      expect(apply.code, apply.stderr).toBe(2);
      expect(oneErrorLine(apply)).toMatch(why);
      expect(apply.stderr).toMatch(/nothing was sent/);
      expect(await writes()).toBe(sent);
      const names = json(await run(['get', 'rules', '-o', 'json'])).map(
        (r: { name: string }) => r.name,
      );
      expect(names).not.toContain('fine');
    },
    60_000,
  );

  it('in ipv6 storage mode the IPv6 rule is planned and applied (the check reads the mode)', async () => {
    const mode = s.sim.state.settings.storageMode;
    s.sim.state.settings.storageMode = { current: 'ipv6', next: 'ipv6' };
    try {
      const team = file(CASES[0]![1]);
      const diff = await run(['diff', '-f', team, '-o', 'json']);
      expect(diff.code, diff.stderr).toBe(1);
      expect(json(diff).errors).toEqual([]);
      const apply = await run(['apply', '-f', team, '--yes']);
      expect(apply.code, apply.stderr).toBe(0);
      expect((await run(['diff', '-f', team])).code).toBe(0);
    } finally {
      s.sim.state.settings.storageMode = mode;
    }
  }, 60_000);
});
