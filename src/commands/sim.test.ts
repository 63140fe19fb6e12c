import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../model/errors.js';
import type { SimServer } from '../sim/server.js';
import { adminPasswordOf, deviceOptions, type SimCommandOptions, startSims } from './sim.js';

const base: SimCommandOptions = {
  host: '127.0.0.1',
  port: '0',
  seed: '1',
  latency: '0',
  failRate: '0',
  rebootMs: '3000',
};
const stdin = (text: string) => Readable.from([Buffer.from(text)]);

describe('pbc sim admin password', () => {
  it('refuses it on the command line (ps shows it), naming the alternatives', async () => {
    const e = await adminPasswordOf({ ...base, adminPassword: 'secret' }, {}).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(/PBC_SIM_ADMIN_PASSWORD/);
    expect(e.message).toMatch(/--admin-password-stdin/);
    expect(e.message).not.toContain('secret');
  });

  it('takes it from the environment, or from the first line of stdin', async () => {
    expect(await adminPasswordOf(base, { PBC_SIM_ADMIN_PASSWORD: 'from-env' })).toBe('from-env');
    expect(await adminPasswordOf(base, {})).toBeUndefined();
    const o = { ...base, adminPasswordStdin: true };
    expect(await adminPasswordOf(o, {}, stdin('from stdin\nrest\n'))).toBe('from stdin');
    expect(await adminPasswordOf(o, {}, stdin('crlf\r\n'))).toBe('crlf');
    await expect(adminPasswordOf(o, {}, stdin(''))).rejects.toThrow(/no password line/);
  });
});

describe('pbc sim --devices N', () => {
  it('gives device i the port P+i, seed S+i and its own state directory', () => {
    const base = { port: 9000, seed: 7, stateDir: '/tmp/x' };
    expect(deviceOptions(base, 0, 1)).toBe(base);
    expect(deviceOptions(base, 2, 3)).toMatchObject({
      port: 9002,
      seed: 9,
      stateDir: '/tmp/x/sim-3',
    });
    expect(deviceOptions({ port: 0, seed: 1 }, 5, 10)).toMatchObject({ port: 0, seed: 6 });
  });

  it('serves N different devices named sim-1…sim-N from one process', async () => {
    // three consecutive free ports: between the probe and the start another process (a second
    // test run beside this one) may take one of them — the device start then fails with
    // EADDRINUSE and closes what it started; try another range
    const consecutive = async (): Promise<{ p: number; sims: SimServer[] }> => {
      for (let attempt = 1; ; attempt++) {
        const probe = await startSims({ port: 0, seed: 1 }, 1);
        const p = probe[0]!.port;
        await probe[0]!.close();
        try {
          return { p, sims: await startSims({ port: p, seed: 1, flows: 1000 }, 3) };
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw e;
        }
      }
    };
    const { p, sims } = await consecutive();
    try {
      expect(sims.map((s) => s.port)).toEqual([p, p + 1, p + 2]);
      const get = async (url: string, path: string) =>
        (await fetch(`${url}${path}`)).json() as Promise<Record<string, unknown>>;
      const names = await Promise.all(sims.map((s) => get(s.url, '/device/name')));
      expect(names.map((n) => n.name)).toEqual(['sim-1', 'sim-2', 'sim-3']);
      const serials = await Promise.all(sims.map((s) => get(s.url, '/device/serialno')));
      expect(new Set(serials.map((x) => JSON.stringify(x))).size).toBe(3);
    } finally {
      await Promise.all(sims.map((s) => s.close()));
    }
  }, 60_000);

  it('refuses a port range past 65535 before starting anything', async () => {
    await expect(startSims({ port: 65534, seed: 1 }, 3)).rejects.toThrow(/past port 65535/);
  });
});
