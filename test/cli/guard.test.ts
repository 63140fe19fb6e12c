/**
 * Guarded change (issue 32) on the simulator, whose traffic engine is the ground truth:
 * `--guard` arms a revert whose detached guard also samples the device's traffic, reverts
 * at once when a guard trips and keeps the change when the window ends quietly. The CLI has
 * exited before every trip (the guard is detached: the console closed is the same case).
 * Nothing is timed: the tests wait for the pending file and the simulator's rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entry, finished, rules } from './guard-helpers.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { killGuards, operator, revertId, until } from './revert-helpers.js';

/**
 * The 40G core link to eth-0-13, an idle 1G tool port. The link carries 9.7 to 19.6 Gbit/s by
 * the time of day (the model's slow sinusoids): ten times a 1G port at any hour, where a 10G
 * port would be overloaded at some hours and not at others.
 */
const CORE_TO_TOOL = [
  'rules',
  'add',
  '--priority',
  '3000',
  '--match',
  'in_port=18',
  '--actions',
  'output:13',
];

/** A rule for traffic that does not exist (port 7 is down) to a port that carries none. */
const silentRule = (priority: number) => [
  'rules',
  'add',
  '--priority',
  String(priority),
  '--match',
  'in_port=7',
  '--actions',
  'output:23',
];

/** The guard samples every second here (5 s by default). */
const FAST = { PBC_GUARD_INTERVAL_MS: '1000' };

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
afterEach(() => killGuards());

describe('pbc … --guard', () => {
  it('a rule that sends the 40G core link to a 1G tool trips oversub and is reverted at the next sample', async () => {
    const op = operator(s, FAST);
    const before = await rules(op);
    const r = await op.ok([...CORE_TO_TOOL, '--guard'], { env: { PBC_GUARD_INTERVAL_MS: '2000' } });
    expect(r.stderr).toMatch(
      /guarded change, auto-revert [0-9a-f]{6}: watching drops, oversub, quiet for 5m/,
    );
    const id = revertId(r.stderr);
    // the CLI has exited and the change is in place, watched by the detached guard
    const armed = entry(op, id);
    expect(armed.state).toBe('pending');
    expect(armed.health.baselineAt).toBeLessThanOrEqual(armed.health.sentAt);
    await until('the guard trips', finished(op, id));
    const done = entry(op, id);
    expect(done.state).toBe('reverted');
    // the figures are measured (their text is health-trip.test.ts's): only the shape here
    expect(done.detail).toMatch(
      /^reverted: eth-0-13 oversubscribed \S+ of 1G, drops \S+\/s \(guard 'oversub'\)$/,
    );
    // never on the first sample after the change; at the second, the first whose rates are all after
    expect(done.health.trip).toMatchObject({ kind: 'oversub', port: 'eth-0-13', sample: 2 });
    expect(await rules(op)).toEqual(before);
    expect((await op.pending()).find((p: { id: string }) => p.id === id)).toMatchObject({
      state: 'reverted',
      detail: done.detail,
      guarded: { guards: ['drops', 'oversub', 'quiet'], tripped: { guard: 'oversub' } },
    });
    // the journal: the change's entry has the trip and the port's rates before and after
    const change = json(await op.ok(['journal', '-o', 'json'])).find(
      (e: { operation: string }) => e.operation === 'rules.add',
    );
    expect(change.guard.tripped).toMatchObject({ guard: 'oversub' });
    const tl = change.guard.timeline as {
      time: string;
      before?: true;
      ports: Record<string, { tx_bps: number }>;
    }[];
    expect(tl[0]).toMatchObject({ before: true, ports: { 'eth-0-13': { tx_bps: 0 } } });
    // at its line rate (1G) after the change: more than half of it, whatever the sampling jitter
    expect(tl.at(-1)!.ports['eth-0-13']!.tx_bps).toBeGreaterThan(5e8);
    // it stops at the trip: the last point is the sample that tripped, none after the revert
    expect(Date.parse(tl.at(-1)!.time)).toBe(done.health.trip.at);
  });

  it('a harmless change is kept when the window ends, with no trip', async () => {
    const op = operator(s, FAST);
    // port 7 is down: the rule matches no traffic and sends to a port that carries none
    const r = await op.ok([...silentRule(3001), '--guard', '--guard-for', '6s']);
    const id = revertId(r.stderr);
    await until('the window ends', finished(op, id));
    const done = entry(op, id);
    expect(done).toMatchObject({
      state: 'confirmed',
      detail: 'kept: the guard window ended without a trip',
    });
    expect(done.health.trip).toBeUndefined();
    // at least one view judged (the first sample after the change never is)
    expect(done.health.samples).toBeGreaterThanOrEqual(2);
    expect(await rules(op)).toContain(JSON.stringify([3001, { in_port: '7' }, ['output:23']]));
    // its save-point is deleted with the guard's own session (after the entry says kept: the
    // guard claims the entry first, then cleans up)
    const names = async () =>
      json(await op.ok(['get', 'savepoints'])).rules.map((x: { name: string }) => x.name);
    await until(
      'its save-point is deleted',
      async () => !(await names()).includes(`pbc-revert-${id}`),
    );
    await op.ok(['rules', 'rm', '--priority', '3001', '--match', 'in_port=7', '--yes']);
  });

  it("a rule that takes a tool's traffic away trips quiet", async () => {
    const op = operator(s, FAST);
    const before = await rules(op);
    // tap-1 (priority 1000, in_port=1 → the tool on port 9) loses its traffic to a rule above it
    const r = await op.ok([
      'rules',
      'add',
      '--priority',
      '1100',
      '--match',
      'in_port=1',
      '--actions',
      'output:17',
      '--guard',
      'quiet',
    ]);
    const id = revertId(r.stderr);
    await until('the guard trips', finished(op, id));
    const done = entry(op, id);
    expect(done.state).toBe('reverted');
    expect(done.detail).toMatch(
      /^reverted: rule 'tap-1' priority 1000 in_port=1 carried \S+ pkt\/s before, none now \(guard 'quiet'\)$/,
    );
    expect(await rules(op)).toEqual(before);
  });

  it('confirm during the window keeps the change and ends the watch', async () => {
    const op = operator(s, FAST);
    const r = await op.ok([...silentRule(3002), '--guard']);
    const id = revertId(r.stderr);
    await op.ok(['confirm', id]);
    await until('the guard has ended', () => entry(op, id)?.health?.timeline !== undefined);
    expect(entry(op, id).state).toBe('confirmed');
    await op.ok(['rules', 'rm', '--priority', '3002', '--match', 'in_port=7', '--yes']);
  });

  it('refuses the guard flags without --guard, a bad list and a bad drop floor, nothing sent', async () => {
    const op = operator(s);
    const bad = async (args: string[], msg: RegExp) => {
      const r = await op.run([
        'rules',
        'add',
        '--priority',
        '9',
        '--match',
        'in_port=7',
        '--actions',
        'output:23',
        ...args,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
    };
    await bad(
      ['--guard-for', '1m'],
      /--guard-for, --guard-drop-floor and --guard-tx-fall go with --guard/,
    );
    await bad(['--guard-tx-fall', '30%'], /go with --guard/);
    await bad(['--guard', '--guard-tx-fall', '150%'], /--guard-tx-fall takes a percentage/);
    await bad(['--guard', 'loud'], /--guard takes a list of drops, oversub, quiet/);
    await bad(
      ['--guard', '--guard-drop-floor', 'lots'],
      /--guard-drop-floor takes packets per second/,
    );
    expect(await rules(op)).not.toContain(JSON.stringify([9, { in_port: '7' }, ['output:23']]));
  });
});

describe('pbc … --guard with UAC on', () => {
  let u: CliSim;
  beforeAll(async () => {
    u = await startCliSim();
  });
  afterAll(() => u?.close());

  it("the guard reverts with the operator's credentials and writes them nowhere", async () => {
    const secret = 'Guard-Secret-32';
    const admin = operator(u, { PBC_USER: 'admin', PBC_PASSWORD: 'admin' });
    await admin.ok(['users', 'add', 'guardian', '--level', 'super', '--password-stdin', '--yes'], {
      input: `${secret}\n`,
    });
    await admin.ok(['uac', 'on', '--yes']);
    const as = operator(u, { ...FAST, PBC_USER: 'guardian', PBC_PASSWORD: secret });
    const before = await rules(as);
    const r = await as.ok([...CORE_TO_TOOL, '--guard', 'oversub,drops']);
    const id = revertId(r.stderr);
    await until('the guard trips', finished(as, id));
    expect(entry(as, id).state).toBe('reverted');
    expect(await rules(as)).toEqual(before);
    for (const f of readdirSync(as.dir, { recursive: true }) as string[]) {
      let text = '';
      try {
        text = readFileSync(join(as.dir, f), 'utf8');
      } catch {
        continue; // a directory
      }
      expect(text, f).not.toContain(secret);
    }
  });
});
