import { afterEach, describe, expect, it } from 'vitest';
import {
  type Client,
  createClient,
  type Families,
  isWriteMethod,
  listWriteMethods,
} from './client.js';
import { ParseError } from './errors.js';
import { json, startServer, type TestServer } from './test-server.js';

let server: TestServer;
let client: Client;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

async function setup(handler: Parameters<typeof startServer>[0]) {
  server = await startServer(handler);
  client = createClient({ url: server.url, user: 'admin', password: 'pw', timeoutMs: 1000 });
}

const last = () => {
  const r = server.requests.at(-1)!;
  return {
    method: r.method,
    path: r.path.replace(/^\/rest/, ''),
    query: decodeURIComponent(r.query),
    body: r.body,
  };
};

describe('client families', () => {
  it('lists rules with exact cookies through the whole stack', async () => {
    await setup((_req, res) =>
      json(
        res,
        200,
        '{"rules":[{"cookie":1152921504606846978,"priority":1,"match":{},"actions":"drop"},{"cookie":1152921504606846979,"priority":2,"match":{},"actions":"drop"}],"used_flows":2}',
      ),
    );
    const { rules } = await client.rules.list();
    expect(rules.map((r) => r.cookie)).toEqual([1152921504606846978n, 1152921504606846979n]);
  });

  it('encodes rule writes in the query string', async () => {
    await setup((_req, res) => json(res, 200, { result: 'OK' }));
    const rule = {
      name: 'web',
      description: 'mirror web',
      cookie: 1152921504606846979n,
      priority: 100,
      match: { in_port: '1', tcp: '', tcp_dst: '80' },
      actions: ['output:2,3', 'push_vlan:0x8100'],
    };
    expect(await client.rules.add(rule)).toBe('OK');
    expect(last()).toEqual({
      method: 'POST',
      path: '/rules',
      query:
        'name=web&cookie=1152921504606846979&description=mirror web&priority=100&match[in_port]=1&match[tcp]=&match[tcp_dst]=80&actions=output:2,3,push_vlan:0x8100',
      body: '',
    });
    await client.rules.modify(rule);
    expect(last().method).toBe('PUT');
    await client.rules.remove(rule);
    expect(last()).toMatchObject({
      method: 'DELETE',
      path: '/rules',
      query: 'priority=100&match[in_port]=1&match[tcp]=&match[tcp_dst]=80',
    });
    await client.rules.removeAll();
    expect(last()).toMatchObject({ method: 'DELETE', path: '/rules/all' });
    await client.rules.resetCounters();
    expect(last()).toMatchObject({ method: 'DELETE', path: '/rules/counters' });
  });

  it('sends groups as the spec’s JSON body keyed by group id', async () => {
    await setup((_req, res) => json(res, 200, { result: 'OK' }));
    await client.groups.add([
      {
        group_id: 3,
        type: 'ff',
        buckets: [
          { watch_port: '1', actions: ['output:1'] },
          { watch_port: '2', actions: ['push_vlan:0x8100', 'output:2'] },
        ],
      },
    ]);
    expect(last().method).toBe('POST');
    expect(JSON.parse(last().body)).toEqual({
      '3': {
        group_id: '3',
        type: 'ff',
        buckets: [
          { actions: 'output:1', watch_port: '1' },
          { actions: 'push_vlan:0x8100,output:2', watch_port: '2' },
        ],
      },
    });
    await client.groups.remove(3);
    expect(last()).toMatchObject({ method: 'DELETE', path: '/groups', query: 'group_id=3' });
  });

  it('maps the other writes to their endpoints and parameters', async () => {
    await setup((req, res) =>
      req.path.endsWith('/rulestoragemode')
        ? json(res, 200, { modeCurrent: 'simple', modeNext: 'ipv6' })
        : json(res, 200, { result: 'OK' }),
    );
    await client.ports.setConfig('eth-0-1', { shutdown: true, speed: '10G' });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/ports/config',
      query: 'shutdown=true&speed=10G&if_name=eth-0-1',
    });
    await client.savepoints.export(['a', 'b'], []);
    expect(last()).toMatchObject({
      method: 'GET',
      query: 'rule_save_point_names[]=a&rule_save_point_names[]=b',
    });
    await client.savepoints.activateRules('lab');
    expect(last()).toMatchObject({
      method: 'PUT',
      path: '/savepoints/activerulesavepoint',
      query: 'name=lab',
    });
    await client.device.setGroupHash({
      macsa: true,
      macda: false,
      ethertype: true,
      ipsa: false,
      ipda: false,
      ip_protocol: false,
      src_port: false,
      dst_port: true,
    });
    expect(last().query).toContain('ether_type=true');
    await client.device.setName('pb-7');
    expect(last()).toMatchObject({ path: '/device/name', query: 'device_name=pb-7' });
    expect(await client.device.setRuleStorageMode('ipv6')).toEqual({
      modeCurrent: 'simple',
      modeNext: 'ipv6',
    });
    await client.apps.start('netflow', 'lab', { target: '10.0.0.1', name: 'shadow' });
    expect(last().query).toBe('target=10.0.0.1&name=netflow&user_description=lab');
    await client.users.modify({ username: 'bob', access_level: 7 });
    // users writes may carry a password: always a JSON body, never the URL
    expect(last()).toMatchObject({ method: 'PUT', path: '/users', query: '' });
    expect(JSON.parse(last().body)).toEqual({ username: 'bob', access_level: 7 });
    await client.device.addController({ connection: 'tcp', ip: '10.0.0.9', port: '6653' });
    expect(last()).toMatchObject({ method: 'POST', query: 'connection=tcp&ip=10.0.0.9&port=6653' });
  });

  it('treats a connection dropped by reboot as success', async () => {
    await setup((_req, _res, _i, raw) => raw.socket.destroy());
    expect(await client.device.reboot()).toBe('rebooting');
    expect(server.requests).toHaveLength(1);
  });

  it('reads answer ParseError, not TypeError, for a wrong shape', async () => {
    await setup((_req, res) => json(res, 200, '[]'));
    await expect(client.device.name()).rejects.toBeInstanceOf(ParseError);
  });
});

describe('write-method table', () => {
  it('covers every method that sends anything but GET', async () => {
    await setup((_req, res) => json(res, 200, {}));
    const readonly = createClient({ url: server.url, readonly: true, timeoutMs: 1000 });
    const families = Object.keys(readonly).filter(
      (k) =>
        typeof (readonly as unknown as Record<string, unknown>)[k] === 'object' &&
        k !== 'transport',
    ) as (keyof Families)[];
    expect(families.sort()).toEqual([
      'apps',
      'device',
      'groups',
      'logs',
      'ports',
      'rules',
      'savepoints',
      'users',
    ]);
    const writes = new Set(listWriteMethods(readonly).map((w) => w.name));
    let reads = 0;
    for (const family of families) {
      const api = readonly[family] as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >;
      for (const method of Object.keys(api)) {
        expect(writes.has(`${family}.${method}`)).toBe(isWriteMethod(family, method));
        if (isWriteMethod(family, method)) continue;
        reads++;
        // A read called on a read-only client must not be refused (that would mean it writes).
        await api[method]!([], []).catch((err: Error) => {
          expect(err.name, `${family}.${method}`).not.toBe('ReadonlyError');
        });
      }
    }
    await readonly.close();
    expect(reads).toBe(server.requests.length);
    expect(new Set(server.requests.map((r) => r.method))).toEqual(new Set(['GET']));
  });
});
