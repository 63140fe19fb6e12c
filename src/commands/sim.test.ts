import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../model/errors.js';
import { adminPasswordOf, type SimCommandOptions } from './sim.js';

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
