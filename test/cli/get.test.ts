import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type CliSim, json, mapLimit, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

/** Every GET endpoint of the spec has a target (ports = config+info+stats merged). */
const TARGETS: Record<string, string> = {
  rules: '/rules/all',
  groups: '/groups/all',
  ports: '/ports/config+info+stats',
  config: '/ports/config',
  info: '/ports/info',
  stats: '/ports/stats',
  sfp: '/ports/sfpstatus',
  savepoints: '/savepoints',
  users: '/users',
  uac: '/users/uac',
  radius: '/users/radius',
  apps: '/apps',
  running: '/apps/running',
  device: 'identity summary',
  ident: '/device/customident',
  environment: '/device/environment',
  generation: '/device/generation',
  hash: '/device/grouphash',
  idled: '/device/idled',
  version: '/device/imageversion',
  ipconfig: '/device/ipconfig',
  load: '/device/loadaverage',
  memory: '/device/memoryusage',
  model: '/device/model',
  name: '/device/name',
  dns: '/device/nameresolution',
  permanent: '/device/permanentrulesmode',
  storage: '/device/rulestoragemode',
  serial: '/device/serialno',
  revision: '/device/serverrevision',
  telnet: '/device/telnet',
  controllers: '/device/controller',
  dpid: '/device/dpid',
  flows: '/flownumbers',
  log: '/weblog',
};

const DECIMAL = /^\d+$/;

describe('pbc get', () => {
  it('answers every target with JSON when stdout is not a terminal', async () => {
    const names = Object.keys(TARGETS);
    const results = await mapLimit(names, 4, (t) => s.run(['get', t], { timeoutMs: 30_000 }));
    results.forEach((r, i) => {
      expect(r.code, `${names[i]}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(json(r)).toBeTypeOf('object');
    });
    // 'export' is `pbc savepoint export`: GET /savepoints/export is covered in write tests.
  }, 120_000);

  it('writes rules with exact 64-bit cookies and counters as decimal strings', async () => {
    const raw = await (await fetch(`${s.url}/rules/all`)).text();
    const wireCookies = [...raw.matchAll(/"cookie":(\d+)/g)].map((m) => m[1]);
    const r = await s.run(['get', 'rules', '-o', 'json']);
    const rules = json(r);
    expect(Array.isArray(rules)).toBe(true);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.map((x: { cookie: string }) => x.cookie)).toEqual(wireCookies);
    expect(BigInt(rules[0].cookie)).toBeGreaterThan(2n ** 53n);
    for (const rule of rules) {
      expect(rule.cookie).toMatch(DECIMAL);
      expect(rule.n_packets).toMatch(DECIMAL);
      expect(rule.n_bytes).toMatch(DECIMAL);
      expect(rule.priority).toBeTypeOf('number');
      expect(Array.isArray(rule.actions)).toBe(true);
      for (const a of rule.actions) expect(a).toBeTypeOf('string');
      expect(rule.match).toBeTypeOf('object');
      for (const v of Object.values(rule.match)) expect(v).toBeTypeOf('string');
    }
    // The exact cookie digits appear in the output text (not a rounded float).
    expect(r.stdout).toContain(`"cookie": "${wireCookies[0]}"`);
  });

  it('merges config, info and counters per port; counters are decimal strings', async () => {
    const ports = json(await s.run(['get', 'ports']));
    expect(ports.length).toBeGreaterThan(8);
    const p = ports[0];
    expect(p.if_name).toMatch(/^eth-0-\d+/);
    expect(p.port_no).toBeTypeOf('string');
    expect(p.link_status).toMatch(/^LINK_(UP|DOWN)$/);
    expect(p.config.shutdown).toBeTypeOf('boolean');
    expect(p.config.type).toBeTypeOf('number');
    for (const k of ['rxpkts', 'rxbytes', 'rxdrop', 'txpkts', 'txbytes', 'txerrs'])
      expect(p.counters[k]).toMatch(DECIMAL);
    const stats = json(await s.run(['get', 'stats']));
    expect(stats[0].rxbytes).toMatch(DECIMAL);
    expect(Number(stats[0].rxbytes)).toBeGreaterThan(0);
  });

  it('prints the device summary and typed single values', async () => {
    const d = json(await s.run(['get', 'device']));
    expect(d).toMatchObject({
      name: 'pb-lab-01',
      model: expect.any(String),
      generation: expect.any(String),
      serial: expect.any(String),
      image_version: expect.any(String),
      server_revision: expect.any(String),
      dpid: expect.stringMatching(/^0x/),
      custom_ident: { name: expect.any(String), notes: expect.any(String) },
      id_led: false,
      telnet: false,
      permanent_rules: false,
      storage_mode: { current: 'simple', next: 'simple' },
    });
    expect(json(await s.run(['get', 'flows']))).toEqual({
      used_flows: expect.any(Number),
      maximum_flows: 4096,
    });
    expect(json(await s.run(['get', 'uac']))).toEqual({ uac: false });
  });

  it('renders aligned tables with -o table', async () => {
    const r = await s.run(['get', 'rules', '-o', 'table']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PRIO\s+NAME\s+MATCH\s+ACTIONS\s+PACKETS\s+BYTES\s+RATE\s+FLOWS$/);
    expect(lines.some((l) => /tap-1\s+in_port=1\s+output:9/.test(l))).toBe(true);
    // Columns line up: every row's NAME starts where the header's does.
    const col = lines[0]!.indexOf('NAME');
    for (const l of lines.slice(1)) expect(l[col - 1]).toBe(' ');
  });

  it('fits tables into the terminal width', async () => {
    const r = await s.run(['get', 'savepoints', '-o', 'table'], { env: { COLUMNS: '60' } });
    expect(r.code).toBe(0);
    for (const l of r.stdout.trimEnd().split('\n')) expect(stringWidth(l)).toBeLessThanOrEqual(60);
    expect(r.stdout).toContain('…');
  });

  it('writes YAML with -o yaml, 64-bit values as strings', async () => {
    const r = await s.run(['get', 'rules', '-o', 'yaml']);
    expect(r.code).toBe(0);
    const rules = parseYaml(r.stdout);
    expect(rules[0].cookie).toBeTypeOf('string');
    expect(BigInt(rules[0].cookie)).toBeGreaterThan(2n ** 53n);
    expect(rules[0].priority).toBeTypeOf('number');
  });

  it('masks the RADIUS secret unless --show-secrets', async () => {
    const set = await s.run(
      ['radius', 'set', '--server', '192.0.2.50', '--secret-stdin', '--yes'],
      {
        input: 'TopSecret-42\n',
      },
    );
    expect(set.code, set.stderr).toBe(0);
    const masked = await s.run(['get', 'radius']);
    expect(masked.stdout).not.toContain('TopSecret-42');
    expect(json(masked)).toMatchObject({ server: '192.0.2.50', secret: '********', enabled: true });
    const table = await s.run(['get', 'radius', '-o', 'table']);
    expect(table.stdout).not.toContain('TopSecret-42');
    const shown = await s.run(['get', 'radius', '--show-secrets']);
    expect(json(shown).secret).toBe('TopSecret-42');
  });

  it('neutralizes escape sequences in tables, JSON-escapes them in -o json', async () => {
    const evil = 'evil\u001b[31mRED\u001b]0;pwned\u0007\u001b[2J';
    const add = await s.run([
      'rules',
      'add',
      '--priority',
      '7',
      '--match',
      'in_port=5',
      '--actions',
      'output:6',
      '--name',
      evil,
    ]);
    expect(add.code, add.stderr).toBe(0);
    await s.control('/_sim/log', { lines: ['log line \u001b[1;31mbold\u001b[0m\u0007 end'] });
    const table = await s.run(['get', 'rules', '-o', 'table']);
    expect(table.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(table.stdout).toContain('evilRED');
    const log = await s.run(['get', 'log', '-o', 'table']);
    expect(log.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(log.stdout).toContain('log line bold? end');
    const j = await s.run(['get', 'rules', '-o', 'json']);
    expect(j.stdout).not.toContain('\u001b');
    expect(j.stdout).toContain('evil\\u001b[31mRED');
    expect(json(j).find((r: { priority: number }) => r.priority === 7).name).toBe(evil);
  });

  it('prints the SFP report and the log as text', async () => {
    const sfp = await s.run(['get', 'sfp', '-o', 'table']);
    expect(sfp.stdout).toMatch(/^Port\s+Vendor/);
    expect(json(await s.run(['get', 'sfp'])).report).toContain('Vendor');
  });

  it('refuses an unknown target (exit 2) without contacting the device', async () => {
    const before = await s.requests();
    const r = await s.run(['get', 'nonsense']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^pbc: get nonsense: unknown target 'nonsense' \(one of: rules, /);
    expect(await s.requests()).toBe(before);
  });
});
