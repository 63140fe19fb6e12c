/**
 * `pbc --fleet`: one command on every device of a fleet. Three simulators answer (one
 * healthy, one slow, one answering 500s) and a fourth was closed (down): per-device results
 * and exit codes, a write asks once and refuses off a terminal without --yes, the summary's
 * statuses, the journal entry per device, and --parallel counted at the devices.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingProxy, fleetConfig, InFlight } from './fleet-helpers.js';
import { baseEnv, type CliSim, cli, json, startCliSim } from './helpers.js';
import { pbcInProcess } from './in-process.js';
import { hasScript } from './pty.js';

let ok: CliSim;
let slow: CliSim;
let failing: CliSim;
let downUrl: string;
let config: string;
const proxies: { url: string; close(): Promise<void> }[] = [];
const counter = new InFlight();

beforeAll(async () => {
  [ok, slow, failing] = await Promise.all([startCliSim(), startCliSim(), startCliSim()]);
  await slow.control('/_sim/fault', { latency_ms: 400 });
  await failing.control('/_sim/fault', { fail_rate: 1, fail_mode: '500' });
  const down = await startCliSim();
  downUrl = down.url;
  await down.close();
  // Three proxies in front of the healthy one, for counting what runs at once.
  for (let i = 0; i < 3; i++) proxies.push(await countingProxy(ok.url, counter));
  config = fleetConfig(
    {
      ok: ok.url,
      slow: slow.url,
      failing: failing.url,
      down: downUrl,
      p1: proxies[0]!.url,
      p2: proxies[1]!.url,
      p3: proxies[2]!.url,
    },
    { lab: ['ok', 'slow', 'failing', 'down'], good: ['ok', 'slow'], counted: ['p1', 'p2', 'p3'] },
  );
});
afterAll(async () => {
  await Promise.all([
    ok?.close(),
    slow?.close(),
    failing?.close(),
    ...proxies.map((p) => p.close()),
  ]);
});

const run = (args: string[], input?: string) =>
  pbcInProcess(args, {
    env: { PBC_CONFIG: config },
    timeoutMs: 30_000,
    ...(input ? { input } : {}),
  });
const writes = async () =>
  Promise.all([ok, slow, failing].map(async (s) => (await s.control('/_sim/status')).writes));

describe('pbc --fleet: reads', () => {
  it('gives one result per device, an error line for each that failed, and exit 1', async () => {
    const r = await run(['--fleet', 'lab', 'get', 'device', '-o', 'json']);
    expect(r.code).toBe(1);
    const out = json(r);
    expect(out.map((d: { device: string; ok: boolean }) => [d.device, d.ok])).toEqual([
      ['ok', true],
      ['slow', true],
      ['failing', false],
      ['down', false],
    ]);
    expect(out[0].result.name).toBeTruthy();
    expect(out[2].error).toMatch(/simulated internal failure/);
    expect(out[3].error).toMatch(/cannot connect/);
    expect(out[3].error).not.toMatch(/\n/);
    expect(r.stderr).toMatch(/^pbc: get device: down: cannot connect/m);
  });

  it('exits 0 when every device answered', async () => {
    const r = await run(['--fleet', 'good', 'get', 'name', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).map((d: { ok: boolean }) => d.ok)).toEqual([true, true]);
  });

  it('prints a section per device as a table', async () => {
    const r = await run(['--fleet', 'good', 'get', 'name', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^== ok ==\nname {2}\S+\n\n== slow ==\nname/);
  });

  it('refuses --fleet with --context or --url, and an unknown fleet, as usage errors', async () => {
    const both = await run(['--fleet', 'lab', '--context', 'ok', 'get', 'name']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--fleet lab runs on the fleet's own contexts: drop --context/);
    const url = await run(['--fleet', 'lab', '--url', ok.url, 'get', 'name']);
    expect(url.code).toBe(2);
    const unknown = await run(['--fleet', 'prod', 'get', 'name']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /no fleet 'prod' in .*config\.yaml \(known fleets: lab, good, counted\)/,
    );
  });

  it('pbc fleets lists the fleets of the config file', async () => {
    const r = await run(['fleets', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).find((f: { fleet: string }) => f.fleet === 'lab').contexts).toEqual([
      'ok',
      'slow',
      'failing',
      'down',
    ]);
    const local = await run(['--fleet', 'lab', 'fleets']);
    expect(local.code).toBe(2);
  });

  it('honours --parallel, counted in flight at the devices', async () => {
    await ok.control('/_sim/fault', { latency_ms: 300 });
    try {
      counter.reset();
      const one = await run(['--fleet', 'counted', '--parallel', '1', 'get', 'name']);
      expect(one.code, one.stderr).toBe(0);
      expect(counter.total).toBe(3);
      expect(counter.peak).toBe(1);
      counter.reset();
      // the proxies hold each request until three are in flight: pbc goes on only if it sent
      // all three side by side (no latency has to make them overlap)
      counter.gate = 3;
      const three = await run(['--fleet', 'counted', '--parallel', '3', 'get', 'name']);
      expect(three.code, three.stderr).toBe(0);
      expect(counter.peak).toBe(3);
      counter.gate = 0;
      const bad = await run(['--fleet', 'counted', '--parallel', '0', 'get', 'name']);
      expect(bad.code).toBe(2);
    } finally {
      await ok.control('/_sim/fault', { latency_ms: 0 });
    }
  });
});

describe('pbc --fleet: writes', () => {
  it('off a terminal without --yes refuses once and sends nothing to any device', async () => {
    const before = await writes();
    const r = await run(['--fleet', 'lab', 'users', 'rm', 'nobody']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "pbc: users rm: refusing to delete user 'nobody' on 4 devices without confirmation (pass --yes to confirm; nothing was changed)",
    ]);
    expect(await writes()).toEqual(before);
  });

  it('with --yes shows every plan, runs on each device and ends with the summary', async () => {
    const r = await run(
      ['--fleet', 'lab', '--yes', 'users', 'add', 'fleetop', '--level', 'read', '--password-stdin'],
      'Fleet-Pass-1\n',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/users add on 4 devices of the fleet:\n {2}ok: Add user 'fleetop'/);
    const out = json(r);
    expect(out.map((d: { device: string; status: string }) => [d.device, d.status])).toEqual([
      ['ok', 'ok'],
      ['slow', 'ok'],
      ['failing', 'failed'],
      ['down', 'not reached'],
    ]);
    // Each device's write went through its own journal entry; no password in it. `failing` and
    // `down` got no write at all: the lock check's read before it (src/ops/lock) failed first.
    const journal = readFileSync(join(process.env.PBC_STATE_DIR!, 'journal.jsonl'), 'utf8');
    const adds = journal
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter(
        (e) => e.type === 'request' && e.request?.path === '/users' && e.request.method === 'POST',
      );
    expect(adds.map((e) => e.context).sort()).toEqual(['ok', 'slow']);
    expect(journal).not.toContain('Fleet-Pass-1');
    // The table form of the summary.
    const t = await run(['--fleet', 'good', '--yes', '-o', 'table', 'users', 'rm', 'fleetop']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/^DEVICE +STATUS +DETAIL\nok +ok +user 'fleetop' deleted\nslow +ok/);
  });
});

describe('pbc --fleet apply -f (configuration as code on each device)', () => {
  it('asks once, applies the file on each device and sums up per device', async () => {
    const exported = await ok.run(['export']);
    expect(exported.code, exported.stderr).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'pbc-fleet-apply-')), 'baseline.yaml');
    writeFileSync(
      file,
      exported.stdout.replace(
        /^rules:\n/m,
        'rules:\n  - priority: 3100\n    name: fleet-baseline\n    match: { in_port: 6 }\n    actions: [ output:12 ]\n',
      ),
    );
    const refused = await run(['--fleet', 'good', 'apply', '-f', file]);
    expect(refused.code).toBe(2);
    const r = await run(['--fleet', 'good', '--yes', 'apply', '-f', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).map((d: { device: string; status: string }) => [d.device, d.status])).toEqual([
      ['ok', 'ok'],
      ['slow', 'ok'],
    ]);
    for (const s of [ok, slow]) {
      const rules = json(await s.run(['get', 'rules']));
      expect(rules.some((x: { name: string }) => x.name === 'fleet-baseline')).toBe(true);
    }
  });
});

describe('pbc users passwd --random', () => {
  /** `users passwd USER --random --out OUT` on the fleet of the devices that answer. */
  const passwdRandom = (user: string, out: string) =>
    run(['--fleet', 'good', '--yes', 'users', 'passwd', user, '--random', '--out', out]);
  const stateDir = () => process.env.PBC_STATE_DIR!;

  it('writes one new password per device to a 0600 file and shows none of them', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pbc-pw-')), 'pw.csv');
    const r = await passwdRandom('admin', out);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\n');
    expect(header).toBe('device,user,password,status');
    // the devices run in parallel: their lines come in the order they were reached
    expect(
      lines.map((l) => `${l.split(',').slice(0, 2).join(',')},${l.split(',')[3]}`).sort(),
    ).toEqual(['ok,admin,set', 'slow,admin,set']);
    const passwords = lines.map((l) => l.split(',')[2]!);
    expect(new Set(passwords).size).toBe(2);
    for (const pw of passwords) {
      expect(pw).toMatch(/^\S{20}$/);
      expect(r.stdout + r.stderr).not.toContain(pw);
      expect(readFileSync(join(stateDir(), 'journal.jsonl'), 'utf8')).not.toContain(pw);
    }
    expect(json(r).map((d: { result: { file: string } }) => d.result.file)).toEqual([out, out]);
    // Never overwritten: a second run refuses before anything is sent.
    const before = await writes();
    const again = await passwdRandom('admin', out);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/pw\.csv exists: the password file is never overwritten/);
    expect(await writes()).toEqual(before);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toEqual([header, ...lines]);
  });

  it('leaves no file open behind it (the collector closing one warns on stderr)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const out = join(mkdtempSync(join(tmpdir(), 'pbc-pw-')), 'pw.csv');
      const r = await passwdRandom('admin', out);
      expect(r.code, r.stderr).toBe(0);
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(warnings.filter((w) => /file descriptor/i.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('says which passwords were not set: a device that refused has its line marked', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pbc-pw-')), 'pw.csv');
    const r = await passwdRandom('nobody', out);
    expect(r.code).toBe(1);
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1);
    expect(rows.map((l) => `${l.split(',')[0]},${l.split(',')[3]}`).sort()).toEqual([
      'ok,not set',
      'slow,not set',
    ]);
  });

  it('works on one device too, with the file in the state directory by default', async () => {
    const r = await ok.run(['--yes', '-o', 'table', 'users', 'passwd', 'admin', '--random']);
    expect(r.code, r.stderr).toBe(0);
    const path = r.stdout.match(/written to (\S+passwords-\S+\.csv)/)?.[1];
    expect(path?.startsWith(stateDir())).toBe(true);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    const row = readFileSync(path!, 'utf8').trim().split('\n')[1]!.split(',');
    expect(row[3]).toBe('set');
    const pw = row[2]!;
    expect(pw).toHaveLength(20);
    expect(r.stdout + r.stderr).not.toContain(pw);
  });
});

/** pbc on a pseudo-terminal (util-linux script), typing `input` once `waitFor` shows. */
function onTty(
  args: string[],
  waitFor: string,
  input: string,
): Promise<{ code: number; out: string }> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = [process.execPath, cli, ...args].map(quote).join(' ');
  return new Promise((resolve) => {
    const child = execFile(
      'script',
      ['-qec', cmd, '/dev/null'],
      { env: { ...baseEnv(), PBC_CONFIG: config }, timeout: 30_000 },
      (err, stdout) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          out: String(stdout),
        }),
    );
    let seen = '';
    child.stdin?.on('error', () => {});
    child.stdout?.on('data', (d: Buffer | string) => {
      seen += String(d);
      if (seen.includes(waitFor)) child.stdin?.end(input);
    });
  });
}

describe.skipIf(!hasScript)('pbc --fleet on a terminal', () => {
  it('asks once for every device of the fleet', async () => {
    const add = await run(
      ['--fleet', 'good', '--yes', 'users', 'add', 'asked', '--level', 'read', '--password-stdin'],
      'Asked-1\n',
    );
    expect(add.code, add.stderr).toBe(0);
    const r = await onTty(['--fleet', 'good', 'users', 'rm', 'asked'], '[y/N]', 'y\r');
    expect(r.code, r.out).toBe(0);
    expect(r.out.match(/\[y\/N\]/g)).toHaveLength(1);
    expect(r.out).toContain('Go ahead on all 2? [y/N]');
    expect(r.out).toMatch(/ok +ok +user 'asked' deleted/);
    const users = json(await run(['--fleet', 'good', 'get', 'users', '-o', 'json']));
    for (const d of users)
      expect(d.result.map((u: { username: string }) => u.username)).not.toContain('asked');
  }, 60_000);
});
