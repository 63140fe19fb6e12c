/**
 * /rules over real HTTP: add (query string, form body, JSON body), the list's shape,
 * modify, delete, counters, duplicates, TCAM capacity and every validation error.
 */
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { flowCount } from '../../src/tcam/index.js';
import {
  addRule,
  expectError,
  expectOk,
  expectRejected,
  findRule,
  rawCookies,
  rules,
  simPerTest,
  sleep,
  TWO_53,
} from './helpers.js';

const t = simPerTest();

const RULE = { priority: 100, match: { in_port: '1' }, actions: 'output:2' };

describe('POST /rules', () => {
  it('adds a rule from the query string (match[in_port]=1 encoded with qs)', async () => {
    const query = qs.stringify(RULE);
    expect(query).toContain('match%5Bin_port%5D=1');
    const res = await t.call('POST', `/rules?${query}`);
    expectOk(res);
    expect(res.body).toEqual({ result: 'OK' });
    const r = findRule(await rules(t), 100, { in_port: '1' });
    expect(r?.actions).toBe('output:2');
  });

  it('adds a rule from a form body', async () => {
    const res = await t.call('POST', '/rules', {
      form: { ...RULE, name: 'form rule', description: 'sent as a form' },
    });
    expectOk(res);
    const r = findRule(await rules(t), 100, { in_port: '1' });
    expect(r).toMatchObject({
      name: 'form rule',
      description: 'sent as a form',
      actions: 'output:2',
    });
  });

  it('adds a rule from a JSON body', async () => {
    const res = await t.call('POST', '/rules', {
      raw: '{"priority":100,"match":{"in_port":"1"},"actions":"output:2"}',
    });
    expectOk(res);
    const r = findRule(await rules(t), 100, { in_port: '1' });
    expect(r).toMatchObject({ priority: 100, match: { in_port: '1' }, actions: 'output:2' });
  });

  it('accepts a 64-bit cookie in a JSON body and writes it back losslessly', async () => {
    const res = await t.call('POST', '/rules', {
      raw: '{"priority":7,"cookie":18446744073709551615,"match":{"in_port":"2"},"actions":"drop"}',
    });
    expectOk(res);
    const list = await t.get('/rules/all');
    expect(list.text).toContain('"cookie":18446744073709551615,');
    expect(rawCookies(list.text)).toContain(18446744073709551615n);
    // the same cookie again is a conflict
    await expectRejected(
      t,
      () =>
        t.call('POST', '/rules', {
          raw: '{"priority":8,"cookie":18446744073709551615,"match":{"in_port":"2"},"actions":"drop"}',
        }),
      409,
      /cookie/,
    );
  });
});

describe('cookies', () => {
  it('a generated cookie never repeats one a client chose', async () => {
    const next = (await rules(t)).reduce((m, r) => (r.cookie > m ? r.cookie : m), 0n) + 1n;
    // the client picks the cookie the device would have generated next
    expectOk(
      await t.call('POST', '/rules', {
        raw: `{"priority":7,"cookie":${next},"match":{"in_port":"2"},"actions":"drop"}`,
      }),
    );
    await addRule(t, { priority: 8, match: { in_port: '2' }, actions: 'drop' });
    await addRule(t, { priority: 9, match: { in_port: '2' }, actions: 'drop' });
    const cookies = rawCookies((await t.get('/rules/all')).text);
    expect(cookies).toContain(next);
    expect(new Set(cookies).size).toBe(cookies.length);
  });
});

describe('GET /rules/all', () => {
  it('has the shape of the spec: 64-bit cookies, strings for counters, flow counts', async () => {
    await addRule(t, {
      priority: 500,
      match: { in_port: '1,2', tcp: '', tcp_dst: '1000-1999' },
      actions: 'push_vlan:0x8100,set_field:4196->vlan_vid,output:9,10',
      name: 'multi',
    });
    const res = await t.get('/rules/all');
    expectOk(res);
    expect(Object.keys(res.body).sort()).toEqual(['rules', 'used_flows']);
    const list = res.body.rules as Record<string, unknown>[];
    expect(list.length).toBe(5); // 4 factory rules + ours

    // cookies: JSON numbers (not strings) above 2^53, unique per rule
    const cookies = rawCookies(res.text);
    expect(cookies).toHaveLength(list.length);
    expect(new Set(cookies).size).toBe(cookies.length);
    for (const c of cookies) expect(c > TWO_53).toBe(true);
    expect(res.text).not.toMatch(/"cookie":"/);
    for (const r of list) expect(typeof r.cookie).toBe('bigint');
    expect(list.map((r) => r.cookie)).toEqual(cookies);

    let sum = 0;
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'actions',
          'cookie',
          'datarate',
          'datarate_raw',
          'description',
          'match',
          'n_bytes',
          'n_packets',
          'name',
          'priority',
          'real_flow_ct',
        ].sort(),
      );
      expect(Number.isInteger(r.priority)).toBe(true);
      expect(r.priority as number).toBeGreaterThanOrEqual(0);
      expect(r.priority as number).toBeLessThanOrEqual(65535);
      expect(typeof r.match).toBe('object');
      for (const v of Object.values(r.match as object)) expect(typeof v).toBe('string');
      expect(typeof r.actions).toBe('string');
      expect(r.n_bytes).toMatch(/^\d+$/);
      expect(r.n_packets).toMatch(/^\d+$/);
      expect(typeof r.datarate).toBe('string');
      expect(typeof r.datarate_raw).toBe('number');
      expect(r.real_flow_ct).toBe(flowCount(r.match as Record<string, string>));
      sum += r.real_flow_ct as number;
    }
    expect(res.body.used_flows).toBe(sum);
    const flows = await t.get('/flownumbers');
    expect(flows.body).toEqual({ used_flows: sum, maximum_flows: 4096 });

    const ours = findRule(list, 500, { in_port: '1,2', tcp: '', tcp_dst: '1000-1999' })!;
    expect(ours.actions).toBe('push_vlan:0x8100,set_field:4196->vlan_vid,output:9,10');
    expect(ours.match).toEqual({ in_port: '1,2', tcp: '', tcp_dst: '1000-1999' });
    expect(ours.real_flow_ct).toBe(14);
  });

  it('counters of a rule on a link-up in_port move between two reads', async () => {
    // above the factory tap-1 (priority 1000), so this rule wins port 1's traffic
    await addRule(t, { priority: 3000, match: { in_port: '1' }, actions: 'output:9' });
    const a = findRule(await rules(t), 3000, { in_port: '1' })!;
    // read again until the counters moved (an event: no fixed sleep), at least a second on
    const b = await readUntil(
      async () => findRule(await rules(t), 3000, { in_port: '1' })!,
      (r) => BigInt(r.n_bytes) > BigInt(a.n_bytes),
    );
    expect(b.cookie).toBe(a.cookie);
    expect(BigInt(b.n_bytes)).toBeGreaterThan(BigInt(a.n_bytes));
    expect(BigInt(b.n_packets)).toBeGreaterThan(BigInt(a.n_packets));
    expect(b.datarate_raw).toBeGreaterThan(0);
    expect(b.datarate).toMatch(/bit\/s$/);
  });
});

describe('DELETE /rules/counters', () => {
  it('resets every counter to zero; they grow again afterwards (controlled clock)', async () => {
    let clock = Date.now();
    await t.restart({ now: () => clock });
    // port 8 carries traffic no factory rule takes, so every rule here matches some
    await addRule(t, { priority: 300, match: { in_port: '8' }, actions: 'output:9' });
    clock += 5000;
    const before = await rules(t);
    for (const r of before) expect(BigInt(r.n_bytes)).toBeGreaterThan(0n);
    expectOk(await t.call('DELETE', '/rules/counters'));
    const zero = await rules(t);
    expect(zero.map((r) => r.cookie)).toEqual(before.map((r) => r.cookie));
    for (const r of zero) {
      expect(r.n_bytes).toBe('0');
      expect(r.n_packets).toBe('0');
    }
    clock += 1000;
    const after = await rules(t);
    for (const [i, r] of after.entries()) {
      expect(BigInt(r.n_bytes)).toBeGreaterThan(0n);
      expect(BigInt(r.n_bytes)).toBeLessThan(BigInt(before[i]!.n_bytes));
    }
  });

  it('resets counters with the real clock: they count from the reset, and grow again', async () => {
    await addRule(t, { priority: 300, match: { in_port: '8' }, actions: 'output:9' });
    const ours = async () => findRule(await rules(t), 300, { in_port: '8' })!;
    const before = await readUntil(ours, (r) => BigInt(r.n_bytes) > 0n);
    const reset = Date.now();
    expectOk(await t.call('DELETE', '/rules/counters'));
    // every rule counts from the reset (the device's clock, read in process), whatever the
    // machine's speed: no bound on how few bytes a slow read may see
    for (const r of t.sim.state.rules.values()) expect(r.since).toBeGreaterThanOrEqual(reset);
    const after = await ours();
    expect(after.cookie).toBe(before.cookie);
    await readUntil(ours, (r) => BigInt(r.n_bytes) > BigInt(after.n_bytes));
  });
});

/** Reads until `done` holds (bounded: the machine is shared); returns the read that did. */
async function readUntil<T>(
  read: () => Promise<T> | T,
  done: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`the counters did not move in ${ms} ms`);
    await sleep(50);
  }
}

describe('PUT /rules', () => {
  it('changes only actions, name and description; match, priority and cookie stay', async () => {
    await addRule(t, { ...RULE, name: 'old', description: 'old d' });
    const before = findRule(await rules(t), 100, { in_port: '1' })!;
    const res = await t.call('PUT', '/rules', {
      query: { ...RULE, actions: 'output:3,4', name: 'new', description: 'new d' },
    });
    expectOk(res);
    const after = findRule(await rules(t), 100, { in_port: '1' })!;
    expect(after).toMatchObject({
      cookie: before.cookie,
      priority: 100,
      match: { in_port: '1' },
      actions: 'output:3,4',
      name: 'new',
      description: 'new d',
    });
    // only the name: actions stay
    expectOk(
      await t.call('PUT', '/rules', {
        json: { priority: 100, match: { in_port: '1' }, name: 'n2' },
      }),
    );
    const again = findRule(await rules(t), 100, { in_port: '1' })!;
    expect(again).toMatchObject({ name: 'n2', actions: 'output:3,4', description: 'new d' });
  });

  it('takes an empty priority as 32768', async () => {
    await addRule(t, { priority: 32768, match: { in_port: '5' }, actions: 'output:2' });
    await addRule(t, { priority: 100, match: { in_port: '5' }, actions: 'output:2' });
    expectOk(
      await t.call('PUT', '/rules', {
        query: { priority: '', match: { in_port: '5' }, actions: 'output:6' },
      }),
    );
    const list = await rules(t);
    expect(findRule(list, 32768, { in_port: '5' })?.actions).toBe('output:6');
    expect(findRule(list, 100, { in_port: '5' })?.actions).toBe('output:2');
  });

  it('answers 404 for a rule that does not exist (other match or other priority)', async () => {
    await addRule(t, RULE);
    await expectRejected(
      t,
      () => t.call('PUT', '/rules', { query: { ...RULE, priority: 101, actions: 'output:3' } }),
      404,
    );
    await expectRejected(
      t,
      () =>
        t.call('PUT', '/rules', {
          query: { ...RULE, match: { in_port: '2' }, actions: 'output:3' },
        }),
      404,
    );
  });

  it('validates new actions (400, unchanged)', async () => {
    await addRule(t, RULE);
    await expectRejected(
      t,
      () => t.call('PUT', '/rules', { query: { ...RULE, actions: 'output:99' } }),
      400,
      /99/,
    );
    await expectRejected(
      t,
      () => t.call('PUT', '/rules', { query: { ...RULE, actions: '' } }),
      400,
      /action/,
    );
  });
});

describe('DELETE /rules', () => {
  it("deletes by priority and match; '' values match any value of that field", async () => {
    await addRule(t, {
      priority: 10,
      match: { in_port: '1', tcp: '', tcp_dst: '80' },
      actions: 'output:2',
    });
    await addRule(t, {
      priority: 11,
      match: { in_port: '1', tcp: '', tcp_dst: '80' },
      actions: 'output:2',
    });
    await addRule(t, { priority: 10, match: { in_port: '1' }, actions: 'output:2' });
    const res = await t.call('DELETE', '/rules', {
      query: {
        priority: 10,
        match: { in_port: '', tcp: '', tcp_dst: '' },
        actions: 'ignored',
        name: 'x',
      },
    });
    expectOk(res);
    const list = await rules(t);
    expect(findRule(list, 10, { in_port: '1', tcp: '', tcp_dst: '80' })).toBeUndefined();
    expect(findRule(list, 11, { in_port: '1', tcp: '', tcp_dst: '80' })).toBeDefined();
    expect(findRule(list, 10, { in_port: '1' })).toBeDefined();
    expect(list).toHaveLength(6);
  });

  it('deletes by exact value and answers 404 when nothing matches', async () => {
    await addRule(t, RULE);
    expectOk(
      await t.call('DELETE', '/rules', { json: { priority: 100, match: { in_port: '1' } } }),
    );
    expect(findRule(await rules(t), 100, { in_port: '1' })).toBeUndefined();
    await expectRejected(t, () => t.call('DELETE', '/rules', { query: RULE }), 404);
  });

  it('DELETE /rules/all removes every rule', async () => {
    await addRule(t, RULE);
    expectOk(await t.call('DELETE', '/rules/all'));
    const res = await t.get('/rules/all');
    expect(res.body).toEqual({ rules: [], used_flows: 0 });
    expect((await t.get('/flownumbers')).body.used_flows).toBe(0);
  });
});

describe('conflicts', () => {
  it('a second rule with the same match and priority is a 409', async () => {
    await addRule(t, RULE);
    await expectRejected(
      t,
      () => t.call('POST', '/rules', { query: { ...RULE, actions: 'output:3' } }),
      409,
      /already exists/,
    );
    // the same match at another priority is another rule
    await addRule(t, { ...RULE, priority: 101 });
  });

  it('TCAM full is a 409 and leaves the rules as they were', async () => {
    expectOk(await t.call('DELETE', '/rules/all'));
    const range = { tcp: '', tcp_dst: '1-65534' };
    expect(flowCount(range)).toBe(30);
    for (let p = 1; p <= 139; p++) {
      const res = await t.call('POST', '/rules', {
        query: { priority: p, match: range, actions: 'output:2' },
      });
      expect(res.status, res.text).toBe(200);
    }
    expect((await t.get('/flownumbers')).body).toEqual({ used_flows: 4170, maximum_flows: 4096 });
    // 4170 + 30 > 4177
    await expectRejected(
      t,
      () =>
        t.call('POST', '/rules', { query: { priority: 140, match: range, actions: 'output:2' } }),
      409,
      /TCAM full/,
    );
    // 4170 + 7 = 4177 is exactly the hard limit: accepted
    await addRule(t, {
      priority: 140,
      match: { udp: '', udp_dst: '1000-1999' },
      actions: 'output:2',
    });
    expect((await t.get('/rules/all')).body.used_flows).toBe(4177);
    await expectRejected(
      t,
      () =>
        t.call('POST', '/rules', {
          query: { priority: 141, match: { in_port: '1' }, actions: 'drop' },
        }),
      409,
      /TCAM/,
    );
  }, 90_000); // 139 rules that each take every TCP flow: the engine re-forwards them all each time
});

describe('validation (400 naming the problem, state unchanged)', () => {
  const add = (query: Record<string, unknown>) => () => t.call('POST', '/rules', { query });
  const base = { priority: 100, actions: 'output:2' };

  it.each([
    [{ tcp_dst: '80' }, /tcp_dst.*tcp/],
    [{ tcp_src: '80' }, /tcp_src.*tcp/],
    [{ udp_dst: '53' }, /udp_dst.*udp/],
    [{ udp_src: '53' }, /udp_src.*udp/],
    [{ sctp_dst: '9' }, /sctp_dst.*sctp/],
    [{ udp: '', tcp_dst: '80' }, /tcp_dst.*tcp/],
    [{ nw_src: '10.0.0.1' }, /nw_src.*(ip|0x0800)/],
    [{ nw_dst: '10.0.0.0/8' }, /nw_dst.*(ip|0x0800)/],
    [{ nw_proto: '6' }, /nw_proto.*(ip|ethertype)/],
    [{ nw_tos: '4' }, /nw_tos.*(ip|ethertype)/],
    [{ icmp_type: '8' }, /icmp_type.*icmp/],
    [{ icmp_code: '0' }, /icmp_code.*icmp/],
    [{ tp_dst: '80' }, /tp_dst.*(tcp|udp|sctp)/],
    [{ mpls_label: '5' }, /mpls_label.*0x8847/],
  ])('prerequisite missing for %j', async (match, pattern) => {
    await expectRejected(t, add({ ...base, match }), 400, pattern);
  });

  it('IPv6 prerequisites in ipv6 mode name the ipv6 shorthand', async () => {
    expectOk(await t.call('POST', '/device/rulestoragemode', { query: { mode: 'ipv6' } }));
    await expectRejected(
      t,
      add({ ...base, match: { ipv6_src: '2001:db8::1' } }),
      400,
      /ipv6_src.*ipv6/,
    );
  });

  it('unknown match field and unknown action are named', async () => {
    await expectRejected(
      t,
      add({ ...base, match: { in_port: '1', colour: 'red' } }),
      400,
      /colour/,
    );
    await expectRejected(
      t,
      add({ priority: 100, match: { in_port: '1' }, actions: 'teleport:3' }),
      400,
      /teleport/,
    );
  });

  it('priority must be 0..65535', async () => {
    await expectRejected(
      t,
      add({ ...base, priority: 65536, match: { in_port: '1' } }),
      400,
      /priority/,
    );
    await expectRejected(
      t,
      add({ ...base, priority: -1, match: { in_port: '1' } }),
      400,
      /priority/,
    );
    await expectRejected(
      t,
      add({ ...base, priority: 'high', match: { in_port: '1' } }),
      400,
      /priority/,
    );
    await addRule(t, { ...base, priority: 65535, match: { in_port: '1' } });
    await addRule(t, { ...base, priority: 0, match: { in_port: '1' } });
  });

  it('drop must be the only action', async () => {
    await expectRejected(
      t,
      add({ priority: 100, match: { in_port: '1' }, actions: 'drop,output:2' }),
      400,
      /drop/,
    );
  });

  it('group:N needs an existing group', async () => {
    await expectRejected(
      t,
      add({ priority: 100, match: { in_port: '1' }, actions: 'group:77' }),
      400,
      /group 77/,
    );
  });

  it('output and in_port must be ports of the device', async () => {
    await expectRejected(
      t,
      add({ priority: 100, match: { in_port: '1' }, actions: 'output:99' }),
      400,
      /99/,
    );
    await expectRejected(t, add({ ...base, match: { in_port: '1,42' } }), 400, /in_port 42/);
  });

  it('actions are required', async () => {
    await expectRejected(t, add({ priority: 100, match: { in_port: '1' } }), 400, /actions/);
  });

  it('a bad value is named', async () => {
    await expectRejected(
      t,
      add({ ...base, match: { tcp: '', tcp_dst: '2000-1000' } }),
      400,
      /2000-1000/,
    );
    await expectRejected(t, add({ ...base, match: { dl_vlan: '5000' } }), 400, /dl_vlan/);
  });

  it('IPv6 matches are refused in simple mode', async () => {
    await expectRejected(
      t,
      add({ ...base, match: { ipv6: '', ipv6_src: '2001:db8::1/64' } }),
      400,
      /ipv6/i,
    );
  });

  it('IPv6 matches are accepted in ipv6 mode', async () => {
    const mode = await t.call('POST', '/device/rulestoragemode', { query: { mode: 'ipv6' } });
    expectOk(mode);
    expect(mode.body).toEqual({ modeCurrent: 'ipv6', modeNext: 'ipv6' });
    await addRule(t, { ...base, match: { ipv6: '', ipv6_src: '2001:db8::1/64' } });
    await addRule(t, { ...base, match: { tcp6: '', ipv6_dst: '2001:db8::2', tcp_dst: '443' } });
    const list = await rules(t);
    expect(findRule(list, 100, { ipv6: '', ipv6_src: '2001:db8::1/64' })).toBeDefined();
    expect((await t.get('/flownumbers')).body.maximum_flows).toBe(2048);
  });

  it('ipv6 mode holds at most 2088 flows', async () => {
    expectOk(await t.call('POST', '/device/rulestoragemode', { query: { mode: 'ipv6' } }));
    expectOk(await t.call('DELETE', '/rules/all'));
    const range = { tcp: '', tcp_dst: '1-65534' };
    for (let p = 1; p <= 69; p++) {
      const res = await t.call('POST', '/rules', {
        query: { priority: p, match: range, actions: 'output:2' },
      });
      expect(res.status, res.text).toBe(200);
    }
    // 69 × 30 = 2070; + 30 > 2088
    await expectRejected(
      t,
      () =>
        t.call('POST', '/rules', { query: { priority: 70, match: range, actions: 'output:2' } }),
      409,
      /TCAM full/,
    );
  });
});

describe('errors carry an {error} body', () => {
  it('a match that is not a map is a 400', async () => {
    const res = await t.call('POST', '/rules?match=1&actions=output:2');
    expectError(res, 400, /match/);
  });
});
