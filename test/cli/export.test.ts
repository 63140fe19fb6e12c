/**
 * `pbc export` on the simulator over HTTP: the file it prints parses back (parseDesired) to
 * exactly what exportDesired reads, cookies past 2^53 to the digit; a malformed rule is left
 * out with a warning. `pbc validate -f` checks a file offline: exit 0, or 2 with
 * FILE:LINE:COL lines and no request to any device.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { exportDesired } from '../../src/ops/desired/export.js';
import { parseDesired } from '../../src/ops/desired/file.js';
import type { DesiredConfig } from '../../src/ops/desired/types.js';
import { type DeviceProxy, withBogus } from './device-proxy.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let s: CliSim;
let proxy: DeviceProxy;
let client: Client;
const dir = mkdtempSync(join(tmpdir(), 'pbc-export-'));
const BIG_COOKIE = 2n ** 60n + 12345n; // not a double: 1152921504606859321

beforeAll(async () => {
  s = inProcess(await startCliSim());
  client = createClient({ url: s.url });
  await client.groups.add({
    group_id: 40,
    type: 'ff',
    description: 'tools',
    buckets: [
      { watch_port: '9', actions: ['output:9'] },
      { watch_port: '10', actions: ['output:10'] },
    ],
  });
  await client.rules.add({
    priority: 3000,
    match: { in_port: '5', tcp: '', tcp_dst: '8080' },
    actions: ['group:40'],
    name: 'to-tools',
    cookie: BIG_COOKIE,
  });
  proxy = await withBogus(s.url);
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await s?.close();
});

/** The config without positions (parseDesired sets them; the device has none). */
function content(c: DesiredConfig): DesiredConfig {
  const strip = <T extends { at?: unknown }>(x: T): T => {
    const { at: _at, ...rest } = x;
    return rest as T;
  };
  return {
    ...c,
    ...(c.rules ? { rules: c.rules.map(strip) } : {}),
    ...(c.groups ? { groups: c.groups.map(strip) } : {}),
    ...(c.ports
      ? { ports: Object.fromEntries(Object.entries(c.ports).map(([k, p]) => [k, strip(p)])) }
      : {}),
  };
}

describe('pbc export', () => {
  it('-o yaml parses back to what exportDesired reads, cookies exact; malformed rules left out', async () => {
    const r = await pbcInProcess(['--url', proxy.url, 'export', '-o', 'yaml']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^pbc: warning: rule 'bogus' \(priority -1\) left out: the device describes it malformed/m,
    );
    expect(r.stdout).toMatch(/^# yaml-language-server: \$schema=pbc-config\.schema\.json$/m);
    expect(r.stdout).toContain(`# device: ${proxy.url}`);
    const fromFile = parseDesired(r.stdout, 'export.yaml');
    const direct = await exportDesired(createClient({ url: proxy.url }), undefined, {
      warn: () => {},
    });
    expect(content(fromFile)).toEqual(direct);
    expect(fromFile.rules?.some((x) => x.name === 'bogus')).toBe(false);
    // Highest priority first.
    const prios = fromFile.rules?.map((x) => x.priority) ?? [];
    expect(prios).toEqual([...prios].sort((a, b) => b - a));
    expect(fromFile.groups).toEqual([
      expect.objectContaining({ id: 40, type: 'ff', description: 'tools' }),
    ]);
    expect(Object.keys(fromFile.ports ?? {}).length).toBeGreaterThan(0);
    expect(fromFile.group_hash).toBeDefined();
  });

  it('writes a cookie past 2^53 to the digit', async () => {
    // Straight from the simulator: the proxy above re-encodes answers through JSON.parse.
    const r = await s.run(['export', '--only', 'rules']);
    expect(r.stdout).toContain(`cookie: "${BIG_COOKIE}"`);
    const rule = parseDesired(r.stdout, 'x.yaml').rules?.find((x) => x.name === 'to-tools');
    expect(rule).toMatchObject({
      priority: 3000,
      match: { in_port: '5', tcp: '', tcp_dst: '8080' },
      actions: ['group:40'],
      cookie: BIG_COOKIE.toString(),
    });
  });

  it('-o json gives the same configuration; --only limits the sections', async () => {
    const yaml = await s.run(['export']);
    const jsonOut = await s.run(['export', '-o', 'json']);
    expect(jsonOut.code, jsonOut.stderr).toBe(0);
    expect(json(jsonOut).$schema).toBe('pbc-config.schema.json');
    expect(content(parseDesired(jsonOut.stdout, 'x.json'))).toEqual(
      content(parseDesired(yaml.stdout, 'x.yaml')),
    );
    const only = await s.run(['export', '--only', 'rules,group_hash', '-o', 'json']);
    expect(Object.keys(json(only)).sort()).toEqual(['$schema', 'group_hash', 'rules']);
    const bad = await s.run(['export', '--only', 'rules,acls']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--only: unknown section 'acls'/);
  });
});

describe('pbc validate -f', () => {
  it('accepts what export wrote, offline', async () => {
    const file = join(dir, 'device.yaml');
    writeFileSync(file, (await s.run(['export'])).stdout);
    const before = await s.requests();
    const r = await pbcInProcess(['validate', '-f', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toMatchObject({ file, valid: true, groups: 1 });
    expect(await s.requests()).toBe(before);
  });

  it('a bad file: exit 2, one FILE:LINE:COL line per problem, nothing sent', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      `rules:
  - priority: 100
    match: { tcp: '', tcp_dst: 70000 }
    actions: [output:2]
    colour: red
  - priority: 90
    match: { ip: '', nw_src: 10.0.0.300 }
    actions: [flood]
groups:
  - { id: 1, type: round-robin, buckets: [{ actions: [output:1] }] }
`,
    );
    const before = await s.requests();
    const r = await s.run(['validate', '-f', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `${file}:3:32: tcp_dst: '70000' is not a port 0..65535 or a range lo-hi with lo ≤ hi`,
      `${file}:5:5: unknown field 'colour' in rule 1 (known: priority, match, actions, name, description, cookie)`,
      `${file}:7:30: nw_src: '10.0.0.300' is not an IPv4 address (a.b.c.d, optional /prefix or /mask)`,
      `${file}:8:15: unknown action 'flood'`,
      `${file}:10:20: group type must be select (load-balance), ff (fast-failover) or all (clone), got 'round-robin'`,
    ]);
    expect(await s.requests()).toBe(before);
  });

  it('a syntax error and a missing file are one line each', async () => {
    const r = await pbcInProcess(['validate', '-f', '-'], {
      input: 'rules: [\n  - {priority: 1\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^<stdin>:\d+:\d+: syntax error: /);
    const missing = await pbcInProcess(['validate', '-f', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^pbc: validate: cannot read .*nope\.yaml: no such file/);
  });
});
