import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../model/errors.js';
import { exporterDevices, parseListen, parseRuleNames } from './exporter.js';

describe('pbc exporter options', () => {
  it('--listen: HOST:PORT, [v6]:PORT or :PORT (loopback)', () => {
    expect(parseListen('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListen('[::1]:9100')).toEqual({ host: '::1', port: 9100 });
    expect(parseListen(':0')).toEqual({ host: '127.0.0.1', port: 0 });
    for (const bad of ['9464', 'host:', 'a:99999', '::1:80'])
      expect(() => parseListen(bad), bad).toThrow(UsageError);
  });

  it('--rule-metrics: names separated by commas, none empty', () => {
    expect([...parseRuleNames('a, b,c')]).toEqual(['a', 'b', 'c']);
    expect(parseRuleNames(undefined).size).toBe(0);
    expect(() => parseRuleNames('a,,b')).toThrow(/--rule-metrics/);
  });

  it("--fleet: one device per context of the fleet, labelled with the context's name", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-exporter-'));
    const path = join(dir, 'config.yaml');
    writeFileSync(
      path,
      `contexts:
  - {name: a, url: 'http://127.0.0.1:1/rest', user: ops}
  - {name: b, url: 'http://127.0.0.1:2/rest'}
  - {name: c, url: 'http://127.0.0.1:3/rest'}
fleets:
  two: [c, a]
`,
    );
    chmodSync(path, 0o600);
    const env = { PBC_CONFIG: path };
    const devices = await exporterDevices({}, 'two', env);
    expect(devices.map((d) => [d.name, d.device.url, d.device.user])).toEqual([
      ['c', 'http://127.0.0.1:3/rest', undefined],
      ['a', 'http://127.0.0.1:1/rest', 'ops'],
    ]);
    await expect(exporterDevices({}, 'nope', env)).rejects.toThrow(/no fleet 'nope'/);
    await expect(exporterDevices({ url: 'http://x/rest' }, 'two', env)).rejects.toThrow(
      /drop --url/,
    );
    // without --fleet: the one device; its label is the context name, else host:port
    const one = await exporterDevices({ context: 'b' }, undefined, env);
    expect(one.map((d) => d.name)).toEqual(['b']);
    const byUrl = await exporterDevices({ url: 'http://127.0.0.1:8080/rest' }, undefined, {});
    expect(byUrl.map((d) => d.name)).toEqual(['127.0.0.1:8080']);
  });
});
