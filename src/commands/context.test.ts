import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceWarnings, selectDevice } from './context.js';

const dir = mkdtempSync(join(tmpdir(), 'pbc-context-'));
const PBC_CONFIG = join(dir, 'config.yaml');
writeFileSync(
  PBC_CONFIG,
  [
    'current-context: lab',
    'contexts:',
    '  - name: lab',
    '    url: http://192.0.2.10/rest',
    '    user: admin',
    '    password_command: pass show pbc/lab',
    '  - name: nourl',
    '    user: admin',
    '  - name: bench',
    '    url: https://192.0.2.99/rest',
    '    insecure: true',
  ].join('\n'),
);
const env = { PBC_CONFIG };

describe('selectDevice: which url, as whom', () => {
  it('a context beats PBC_URL, from the flag or from PBC_CONTEXT', async () => {
    const other = { ...env, PBC_URL: 'http://198.51.100.7/rest' };
    for (const [g, e] of [
      [{ context: 'lab' }, other],
      [{}, { ...other, PBC_CONTEXT: 'lab' }],
    ] as const) {
      const dev = await selectDevice(g, e);
      expect(dev.url).toBe('http://192.0.2.10/rest');
      expect(dev.context?.name).toBe('lab');
    }
  });

  it('PBC_URL alone reads no config; --url alone neither', async () => {
    const broken = { PBC_CONFIG: join(dir, 'missing.yaml') };
    expect(
      (await selectDevice({}, { ...broken, PBC_URL: 'http://h/rest' })).context,
    ).toBeUndefined();
    const dev = await selectDevice({ url: 'http://h2/rest' }, { ...env, PBC_URL: 'http://h/rest' });
    expect(dev).toMatchObject({ url: 'http://h2/rest', source: '--url' });
    expect(dev.context).toBeUndefined();
  });

  it('--url with a context must be its url, else a usage error', async () => {
    await expect(
      selectDevice({ url: 'http://198.51.100.7/rest', context: 'lab' }, env),
    ).rejects.toThrow(
      /--url http:\/\/198\.51\.100\.7\/rest is not the url of context 'lab' \(http:\/\/192\.0\.2\.10\/rest, chosen by --context\)/,
    );
    await expect(
      selectDevice({ url: 'http://198.51.100.7/rest' }, { ...env, PBC_CONTEXT: 'lab' }),
    ).rejects.toThrow(/chosen by PBC_CONTEXT.*PBC_CONTEXT= pbc/);
    const same = await selectDevice({ url: 'HTTP://192.0.2.10/rest/', context: 'lab' }, env);
    expect(same.context?.name).toBe('lab');
  });

  it('a context without a url is refused, PBC_URL or not', async () => {
    await expect(
      selectDevice({ context: 'nourl' }, { ...env, PBC_URL: 'http://198.51.100.7/rest' }),
    ).rejects.toThrow(/context 'nourl' has no url/);
  });

  it('user: flag, then the context, then PBC_USER', async () => {
    const e = { ...env, PBC_USER: 'env-user' };
    expect((await selectDevice({ context: 'lab' }, e)).user).toBe('admin');
    expect((await selectDevice({ context: 'lab', user: 'flag-user' }, e)).user).toBe('flag-user');
    expect((await selectDevice({ context: 'bench' }, e)).user).toBe('env-user');
  });

  it('--max-answer-size, else PBC_MAX_ANSWER', async () => {
    const e = { ...env, PBC_MAX_ANSWER: '128MiB' };
    expect((await selectDevice({}, e)).maxAnswerBytes).toBe(128 * 1024 ** 2);
    expect((await selectDevice({ maxAnswerSize: '1M' }, e)).maxAnswerBytes).toBe(1024 ** 2);
    expect((await selectDevice({}, env)).maxAnswerBytes).toBeUndefined();
    await expect(selectDevice({}, { ...env, PBC_MAX_ANSWER: 'big' })).rejects.toThrow(
      /^PBC_MAX_ANSWER must be a size/,
    );
  });

  it('warns of an insecure context by name', async () => {
    const dev = await selectDevice({ context: 'bench' }, env);
    expect(deviceWarnings(dev, undefined)).toEqual([
      "TLS certificate of 192.0.2.99 not verified (insecure: true in context 'bench'): the device is not authenticated",
    ]);
    expect(deviceWarnings(await selectDevice({ context: 'lab' }, env), 'pw')).toEqual([
      'sending credentials over plain http to 192.0.2.10 (anyone on the path can read them; use https)',
    ]);
  });
});
