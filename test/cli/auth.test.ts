/**
 * Connection and authentication failures (exit 3 and 4), the config file (contexts,
 * 0600 rule, password_command), and secrets kept out of --debug output.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, pbc, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-cli-auth-'));
const ADMIN = { PBC_USER: 'admin', PBC_PASSWORD: 'admin' };

beforeAll(async () => {
  s = inProcess(await startCliSim());
  // A READ user, then UAC on: from here every request needs credentials.
  const add = await s.run(
    ['users', 'add', 'reader', '--level', 'read', '--password-stdin', '--yes'],
    {
      input: 'reader-pw\n',
    },
  );
  expect(add.code, add.stderr).toBe(0);
  const on = await s.run(['uac', 'on', '--yes']);
  expect(on.code, on.stderr).toBe(0);
  expect(json(on)).toEqual({ uac: true });
});
afterAll(() => s?.close());

function config(name: string, text: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe('failures', () => {
  it('device down: exit 3, one line, no stack trace', async () => {
    const r = await pbcInProcess(['--url', 'http://127.0.0.1:9/rest', 'get', 'rules']);
    expect(r.code).toBe(3);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: get rules: cannot connect to 127\.0\.0\.1:9: connection refused \(/,
    );
  });

  it('usage: no command without a terminal, an unreadable --ca, a bad URL: exit 2', async () => {
    const bare = await pbc([]); // the built pbc: the console's check of the terminal
    expect(bare.code).toBe(2);
    expect(oneErrorLine(bare)).toMatch(
      /the console needs a terminal \(for scripts use 'pbc get …'/,
    );
    const ca = await s.run(['--ca', '/nonexistent/ca.pem', 'get', 'name'], { env: ADMIN });
    expect(ca.code).toBe(2);
    expect(oneErrorLine(ca)).toMatch(/cannot read the CA file \/nonexistent\/ca\.pem: ENOENT/);
    const url = await pbcInProcess(['--url', 'ftp://x/rest', 'get', 'name']);
    expect(url.code).toBe(2);
    expect(oneErrorLine(url)).toMatch(/unsupported scheme 'ftp:'/);
  });

  it('timeout: exit 3', async () => {
    await s.control('/_sim/fault', { fail_next: 2, fail_next_mode: 'hang' });
    const r = await s.run(['--timeout', '300', 'get', 'name'], { env: ADMIN });
    expect(r.code).toBe(3);
    expect(oneErrorLine(r)).toMatch(/timed out after 300 ms .*--timeout/);
  });

  it('401: no or wrong credentials → exit 4', async () => {
    const none = await s.run(['get', 'rules']);
    expect(none.code).toBe(4);
    expect(oneErrorLine(none)).toMatch(/HTTP 401/);
    const wrong = await s.run(['get', 'rules'], {
      env: { PBC_USER: 'admin', PBC_PASSWORD: 'nope' },
    });
    expect(wrong.code).toBe(4);
    expect(oneErrorLine(wrong)).toMatch(
      /credentials of user 'admin' \(HTTP 401\) \(check the user name and password\)/,
    );
    expect(wrong.stderr).not.toContain('nope');
    const right = await s.run(['get', 'name'], { env: ADMIN });
    expect(right.code, right.stderr).toBe(0);
  });

  it('403: a READ user writing → exit 4, nothing changed', async () => {
    const before = json(await s.run(['get', 'rules'], { env: ADMIN })).length;
    const r = await s.run(['rules', 'rm-all', '--yes'], {
      env: { PBC_USER: 'reader', PBC_PASSWORD: 'reader-pw' },
    });
    expect(r.code).toBe(4);
    expect(oneErrorLine(r)).toMatch(/user 'reader' may not do this \(HTTP 403\)/);
    expect(json(await s.run(['get', 'rules'], { env: ADMIN })).length).toBe(before);
  });

  it('a user without a password and no terminal: exit 2 before any request', async () => {
    const before = await s.requests();
    const r = await s.run(['--user', 'admin', 'get', 'rules']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/no password for user 'admin' \(set PBC_PASSWORD/);
    expect(await s.requests()).toBe(before);
  });
});

describe('config file', () => {
  it('refuses a plain password in a file others can read (exit 2), accepts it at 0600', async () => {
    const text = `current-context: lab\ncontexts:\n  - name: lab\n    url: ${s.url}\n    user: admin\n    password: admin\n`;
    const open = config('open.yaml', text, 0o644);
    const r = await pbcInProcess(['get', 'name'], { env: { PBC_CONFIG: open } });
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(
      /refusing config file .*open\.yaml: context 'lab' holds a plain password but the file is mode 0644.*chmod 600/,
    );
    const closed = config('closed.yaml', text, 0o600);
    const ok = await pbcInProcess(['get', 'name'], { env: { PBC_CONFIG: closed } });
    expect(ok.code, ok.stderr).toBe(0);
    expect(json(ok)).toEqual({ name: 'pb-lab-01' });
  });

  it('uses password_command and --context; readonly contexts refuse writes', async () => {
    const path = config(
      'cmd.yaml',
      [
        'current-context: other',
        'contexts:',
        '  - name: other',
        '    url: http://127.0.0.1:9/rest',
        '  - name: lab',
        `    url: ${s.url}`,
        '    user: admin',
        "    password_command: printf '%s\\n' admin",
        '  - name: lab-ro',
        `    url: ${s.url}`,
        '    user: admin',
        '    password_command: echo admin',
        '    readonly: true',
        '  - name: badcmd',
        `    url: ${s.url}`,
        '    user: admin',
        '    password_command: exit 3',
      ].join('\n'),
      0o644,
    );
    const env = { PBC_CONFIG: path };
    const r = await pbcInProcess(['--context', 'lab', 'get', 'name'], { env });
    expect(r.code, r.stderr).toBe(0);
    const viaEnv = await pbcInProcess(['get', 'name'], { env: { ...env, PBC_CONTEXT: 'lab' } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    const current = await pbcInProcess(['get', 'name'], { env });
    expect(current.code).toBe(3); // current-context 'other' is down
    const before = await s.requests();
    const ro = await pbcInProcess(['--context', 'lab-ro', 'rules', 'rm-all', '--yes'], { env });
    expect(ro.code).toBe(2);
    expect(oneErrorLine(ro)).toMatch(/read-only \(readonly: true in context 'lab-ro'\)/);
    expect(await s.requests()).toBe(before);
    const bad = await pbcInProcess(['--context', 'badcmd', 'get', 'name'], { env });
    expect(bad.code).toBe(2);
    expect(oneErrorLine(bad)).toMatch(/password_command of context 'badcmd' failed/);
    const missing = await pbcInProcess(['--context', 'nope', 'get', 'name'], { env });
    expect(missing.code).toBe(2);
    expect(oneErrorLine(missing)).toMatch(
      /no context 'nope' .*known contexts: other, lab, lab-ro, badcmd/,
    );
  });
});

describe('secrets', () => {
  it('--debug logs requests without the password or the Authorization header', async () => {
    const r = await s.run(
      ['--debug', 'users', 'add', 'dave', '--level', 'read', '--password-stdin', '--yes'],
      {
        env: ADMIN,
        input: 'dave-Secret-9\n',
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/pbc debug: POST \/users(\?\S*)? → HTTP 200/);
    const basic = Buffer.from('admin:admin').toString('base64');
    for (const secret of ['dave-Secret-9', basic, 'PBC_PASSWORD=admin'])
      expect(r.stderr).not.toContain(secret);
    expect(r.stderr).not.toMatch(/authorization/i);
    expect(r.stderr).toMatch(/password: from PBC_PASSWORD/);
    const failing = await s.run(['--debug', 'get', 'rules'], {
      env: { PBC_USER: 'admin', PBC_PASSWORD: 'Wr0ng-pass' },
    });
    expect(failing.code).toBe(4);
    expect(failing.stderr).not.toContain('Wr0ng-pass');
    expect(failing.stderr).not.toMatch(/authorization/i);
  });
});
