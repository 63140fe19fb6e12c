/**
 * On a terminal pbc asks: confirmations ([y/N]) and the hidden password prompt. Runs pbc
 * under util-linux `script` for a pseudo-terminal; skipped where `script` is missing (not under CI=true: see pty.ts).
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, type CliSim, cli, json, startCliSim } from './helpers.js';
import { hasScript } from './pty.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs pbc on a pseudo-terminal and types `input` once the screen shows `waitFor`;
 * resolves with the exit code and everything the terminal showed.
 */
function onTty(
  args: string[],
  waitFor: string,
  input: string,
  repeat = false,
): Promise<{ code: number; out: string }> {
  const cmd = [process.execPath, cli, ...args].map(quote).join(' ');
  return new Promise((resolve) => {
    const child = execFile(
      'script',
      ['-qec', cmd, '/dev/null'],
      { env: baseEnv(), timeout: 30_000 },
      (err, stdout) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          out: String(stdout),
        }),
    );
    let seen = '';
    let typed = false;
    let timer: NodeJS.Timeout | undefined;
    child.on('exit', () => clearInterval(timer));
    child.stdin?.on('error', () => {}); // typing into a terminal that just closed
    const type = () => {
      if (typed) return;
      typed = true;
      if (!repeat) {
        child.stdin?.end(input);
        return;
      }
      // A full-screen app may not listen yet when it first draws: type until it exits.
      child.stdin?.write(input);
      timer = setInterval(() => child.stdin?.write(input), 1000);
    };
    child.stdout?.on('data', (d: Buffer | string) => {
      seen += String(d);
      if (seen.includes(waitFor)) type();
    });
    // Should the screen text change, type anyway after a while.
    setTimeout(type, 10_000).unref();
  });
}

let s: CliSim;
beforeAll(async () => {
  if (hasScript) s = await startCliSim();
});
afterAll(() => s?.close());

describe.skipIf(!hasScript)('on a terminal', () => {
  it('asks before deleting all rules: no changes nothing, yes deletes', async () => {
    const before = json(await s.run(['get', 'rules'])).length;
    expect(before).toBeGreaterThan(0);
    const no = await onTty(['--url', s.url, 'rules', 'rm-all'], '[y/N]', 'n\r');
    expect(no.out).toContain(`Delete all ${before} rules from the device? [y/N]`);
    expect(no.code).toBe(2);
    expect(no.out).toContain('not confirmed; nothing was changed');
    expect(json(await s.run(['get', 'rules'])).length).toBe(before);
    const yes = await onTty(['--url', s.url, 'rules', 'rm-all'], '[y/N]', 'y\r');
    expect(yes.code, yes.out).toBe(0);
    expect(json(await s.run(['get', 'rules']))).toEqual([]);
  }, 60_000);

  it('asks before shutting a port given by number, naming its interface', async () => {
    const shutdown = async () =>
      json(await s.run(['get', 'config'])).find((p: { if_name: string }) => p.if_name === 'eth-0-5')
        .shutdown;
    expect(await shutdown()).toBe(false);
    const args = ['--url', s.url, 'ports', 'set', '5', '--shutdown'];
    const no = await onTty(args, '[y/N]', 'n\r');
    expect(no.out).toContain(
      'Change port eth-0-5: shutdown true? Traffic through it may stop. [y/N]',
    );
    expect(no.code).toBe(2);
    expect(await shutdown()).toBe(false);
    const yes = await onTty(args, '[y/N]', 'y\r');
    expect(yes.code, yes.out).toBe(0);
    expect(await shutdown()).toBe(true);
  }, 60_000);

  it('says on the question that a type-4 speed change waits for a reboot', async () => {
    const args = ['--url', s.url, 'ports', 'set', 'eth-0-12', '--speed', '1000'];
    const no = await onTty(args, '[y/N]', 'n\r');
    expect(no.out).toMatch(/Change port eth-0-12: speed 1000 pending — applies after reboot\?/);
    expect(no.code).toBe(2);
  }, 60_000);

  it('asks for the password of a user, without echoing it', async () => {
    const on = await s.run(['uac', 'on', '--yes']);
    expect(on.code, on.stderr).toBe(0);
    const r = await onTty(
      ['--url', s.url, '--user', 'admin', 'get', 'name', '-o', 'json'],
      'Password for admin: ',
      'admin\r',
    );
    expect(r.out).toContain('Password for admin: ');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('"name": "pb-lab-01"');
    expect(r.out.split('Password for admin: ')[1]).not.toContain('admin');
  }, 60_000);

  it('pbc --demo opens the console on a simulated device; q quits with 0', async () => {
    // q once the console has drawn its key help line.
    const r = await onTty(['--demo'], 'q quit', 'q', true);
    expect(r.out).toContain('\u001b[?1049h'); // the console's alternate screen
    expect(r.code, r.out.slice(-500)).toBe(0);
  }, 60_000);
});
