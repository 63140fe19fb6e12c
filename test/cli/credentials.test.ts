/**
 * Credentials go where they belong and nowhere else (issue 13): a context's password only to
 * the context's url (PBC_URL does not redirect it), only the first line of a
 * password_command, no secret the device echoes in an error reaches stdout or stderr, and
 * one warning line before credentials go over plain http to another machine or TLS is not
 * verified.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CERT, TEST_KEY } from '../../src/api/test-cert.js';
import { json as answer, startServer, type TestServer } from '../../src/api/test-server.js';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

const LAB_PW = 'lab-Secret-41';
let s: CliSim;
/** Records every request; answers like a device that has a name. */
let recorder: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'pbc-cli-credentials-'));

beforeAll(async () => {
  s = inProcess(await startCliSim({ adminPassword: LAB_PW }));
  const on = await s.run(['uac', 'on', '--yes'], {
    env: { PBC_USER: 'admin', PBC_PASSWORD: LAB_PW },
  });
  expect(on.code, on.stderr).toBe(0);
  recorder = await startServer((_req, res) => answer(res, 200, { name: 'recorder' }));
});
afterAll(async () => {
  await s?.close();
  await recorder?.close();
});

function config(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  chmodSync(path, 0o600);
  return path;
}

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
const authorizations = () => recorder.requests.map((r) => r.headers.authorization ?? '');

describe("a context's credentials go to the context's url only", () => {
  const labConfig = () =>
    config('lab.yaml', [
      'contexts:',
      '  - name: lab',
      `    url: ${s.url}`,
      '    user: admin',
      `    password_command: printf '%s\\n' ${LAB_PW}`,
    ]);

  it('--context beats PBC_URL: the command talks to lab, the PBC_URL host sees nothing', async () => {
    const env = { PBC_CONFIG: labConfig(), PBC_URL: recorder.url };
    const before = recorder.requests.length;
    const flag = await pbcInProcess(['--context', 'lab', 'get', 'name'], { env });
    expect(flag.code, flag.stderr).toBe(0);
    expect(json(flag)).toEqual({ name: 'pb-lab-01' });
    // PBC_CONTEXT and PBC_URL both from the environment: the context still wins
    const viaEnv = await pbcInProcess(['get', 'name'], { env: { ...env, PBC_CONTEXT: 'lab' } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(json(viaEnv)).toEqual({ name: 'pb-lab-01' });
    expect(recorder.requests.length).toBe(before);
    expect(authorizations().join()).not.toContain(basic(`admin:${LAB_PW}`));
  });

  it('PBC_USER does not replace the context user (context before environment)', async () => {
    const r = await pbcInProcess(['--context', 'lab', 'get', 'name'], {
      env: { PBC_CONFIG: labConfig(), PBC_USER: 'someone-else' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toEqual({ name: 'pb-lab-01' });
  });

  it('--url elsewhere with a context: exit 2 before anything is sent to either', async () => {
    const path = labConfig();
    const before = { rec: recorder.requests.length, sim: await s.requests() };
    const flag = await pbcInProcess(['--url', recorder.url, '--context', 'lab', 'get', 'name'], {
      env: { PBC_CONFIG: path },
    });
    expect(flag.code).toBe(2);
    expect(oneErrorLine(flag)).toMatch(
      /--url http:\/\/127\.0\.0\.1:\d+\/rest is not the url of context 'lab' .*only sent to its own url/,
    );
    const viaEnv = await pbcInProcess(['--url', recorder.url, 'get', 'name'], {
      env: { PBC_CONFIG: path, PBC_CONTEXT: 'lab' },
    });
    expect(viaEnv.code).toBe(2);
    expect(oneErrorLine(viaEnv)).toMatch(/chosen by PBC_CONTEXT/);
    expect(recorder.requests.length).toBe(before.rec);
    expect(await s.requests()).toBe(before.sim);
    // --url naming the context's own url is fine
    const same = await pbcInProcess(['--url', `${s.url}/`, '--context', 'lab', 'get', 'name'], {
      env: { PBC_CONFIG: path },
    });
    expect(same.code, same.stderr).toBe(0);
  });

  it('a context without a url is refused rather than borrowing PBC_URL', async () => {
    const path = config('nourl.yaml', [
      'contexts:',
      '  - name: lab',
      '    user: admin',
      `    password: ${LAB_PW}`,
    ]);
    const before = recorder.requests.length;
    const r = await pbcInProcess(['--context', 'lab', 'get', 'name'], {
      env: { PBC_CONFIG: path, PBC_URL: recorder.url },
    });
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/context 'lab' has no url/);
    expect(recorder.requests.length).toBe(before);
  });
});

describe('password_command', () => {
  it('sends only the first line of its output (pass show: password, then more lines)', async () => {
    // what `pass show` prints for an entry with a TOTP seed and a login (CRLF line ends)
    const script = join(dir, 'pass-show.sh');
    writeFileSync(
      script,
      "printf 'pw-first-line\\r\\notpauth://totp/x?secret=JBSWY3DPEHPK3PXP\\r\\nlogin: admin\\n'\n",
    );
    const path = config('pass.yaml', [
      'contexts:',
      '  - name: rec',
      `    url: ${recorder.url}`,
      '    user: admin',
      `    password_command: sh ${script}`,
    ]);
    const before = recorder.requests.length;
    const r = await pbcInProcess(['--context', 'rec', 'get', 'name'], {
      env: { PBC_CONFIG: path },
    });
    expect(r.code, r.stderr).toBe(0);
    const sent = recorder.requests.slice(before).map((q) => q.headers.authorization);
    expect(sent).toEqual([basic('admin:pw-first-line')]);
  });
});

describe('secrets the device echoes', () => {
  let echo: TestServer;
  const SESSION_PW = 'S3cr3tPass';
  const NEW_PW = 'NewUserPw9';
  beforeAll(async () => {
    echo = await startServer((req, res) =>
      // the lock check's read before a write (src/ops/lock): no lock; every other request echoed
      req.method === 'GET' && req.path === '/rest/savepoints'
        ? answer(res, 200, { RuleSavePoints: [], PortSavePoints: [] })
        : answer(res, 400, {
            error: `login admin:${SESSION_PW} denied; body ${req.body} query ${req.query} password=${NEW_PW}`,
          }),
    );
  });
  afterAll(() => echo?.close());

  it('are masked in the error line and in --debug stack traces', async () => {
    for (const debug of [[], ['--debug']]) {
      const r = await pbcInProcess(
        [
          '--url',
          echo.url,
          ...debug,
          'users',
          'add',
          'bob',
          '--level',
          'read',
          '--password-stdin',
          '--yes',
        ],
        { env: { PBC_USER: 'admin', PBC_PASSWORD: SESSION_PW }, input: `${NEW_PW}\n` },
      );
      expect(r.code).toBe(1);
      const out = r.stdout + r.stderr;
      expect(out).toMatch(/login admin:\*\*\* denied/);
      for (const secret of [
        SESSION_PW,
        NEW_PW,
        Buffer.from(`admin:${SESSION_PW}`).toString('base64'),
      ])
        expect(out).not.toContain(secret);
    }
    // the secret did travel to the device (in the body), it is only kept off the terminal
    expect(echo.requests.some((q) => q.body.includes(NEW_PW))).toBe(true);
  });

  it('a password-like field is masked even when pbc did not send it', async () => {
    const other = await startServer((_req, res) =>
      answer(res, 500, {
        error:
          'config dump {"ssl_password":"Unrelated-77","radius":{"secret":"Shared-88"}} via http://root:Hunter-99@10.0.0.1/',
      }),
    );
    try {
      const r = await pbcInProcess(['--url', other.url, 'get', 'name']);
      expect(r.code).toBe(1);
      const line = oneErrorLine(r);
      for (const secret of ['Unrelated-77', 'Shared-88', 'Hunter-99'])
        expect(line).not.toContain(secret);
      expect(line).toContain('"ssl_password":"***"');
      expect(line).toContain('http://root:***@10.0.0.1/');
    } finally {
      await other.close();
    }
  });
});

describe('warnings before credentials are exposed', () => {
  it('one line for credentials over plain http to another machine, none without them', async () => {
    // .invalid never resolves: the warning comes before the (failing) first request
    const args = ['--url', 'http://pbc-device.invalid/rest', '--timeout', '2000', 'get', 'name'];
    const withCreds = await pbcInProcess(args, {
      env: { PBC_USER: 'admin', PBC_PASSWORD: 'x-pw-1' },
    });
    expect(withCreds.code).toBe(3);
    const warnings = withCreds.stderr.split('\n').filter((l) => l.startsWith('pbc: warning:'));
    expect(warnings).toEqual([
      'pbc: warning: sending credentials over plain http to pbc-device.invalid (anyone on the path can read them; use https)',
    ]);
    const without = await pbcInProcess(args);
    expect(without.stderr).not.toContain('warning');
  });

  it('no warning for plain http to a loopback address', async () => {
    const r = await s.run(['get', 'name'], { env: { PBC_USER: 'admin', PBC_PASSWORD: LAB_PW } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('one line when the TLS certificate is not verified (--insecure)', async () => {
    const tls = await startServer((_req, res) => answer(res, 200, { name: 'tls-device' }), {
      cert: TEST_CERT,
      key: TEST_KEY,
    });
    try {
      const r = await pbcInProcess(['--url', tls.url, '--insecure', 'get', 'name']);
      expect(r.code, r.stderr).toBe(0);
      expect(json(r)).toEqual({ name: 'tls-device' });
      expect(r.stderr).toBe(
        `pbc: warning: TLS certificate of 127.0.0.1:${tls.port} not verified (--insecure): the device is not authenticated\n`,
      );
    } finally {
      await tls.close();
    }
  });
});
