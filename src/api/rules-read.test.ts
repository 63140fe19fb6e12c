/**
 * GET /rules/all as the console and `pbc get rules` read it: each rule normalized (and shared
 * with the previous poll's) as its slice of the answer is parsed, inside the request. What the
 * operator sees must not change: the same rules, the same error naming the bad rule, and an
 * error answer reported as the device's error, not as a malformed rule.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule } from '../model/types.js';
import { createClient } from './client.js';
import { DeviceError, ParseError } from './errors.js';
import { parseJson } from './json.js';
import { SLICED_MIN_CHARS } from './json-slices.js';
import { normalizeRuleList } from './normalize-rules.js';
import { failure, json, startServer, type TestServer } from './test-server.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function client(handler: Parameters<typeof startServer>[0]) {
  const server: TestServer = await startServer(handler);
  const c = createClient({ url: server.url, timeoutMs: 20_000 });
  cleanup.push(async () => {
    await c.close();
    await server.close();
  });
  return c;
}

const rule = (i: number) =>
  `{"cookie":${(1n << 60n) + BigInt(i)},"name":"r-${i} é😀","priority":${i % 65_536},"match":{"in_port":"${i % 28}"},` +
  `"actions":"output:${(i % 27) + 1}","n_packets":${2n ** 64n - 1n - BigInt(i)},"n_bytes":"n/a","real_flow_ct":1}`;
const answer = (n: number, bad?: number) =>
  `{"rules":[${Array.from({ length: n }, (_, i) => (i === bad ? '{"priority":1,"n_packets":"lots"}' : rule(i))).join(',')}],"used_flows":${n}}`;

describe('rules.list: rules made as the answer is parsed', () => {
  it('gives what normalizing the whole parsed answer gives, for a big answer, sharing each rule', async () => {
    const text = answer(12_000);
    expect(text.length).toBeGreaterThan(SLICED_MIN_CHARS);
    const c = await client((_req, res) => json(res, 200, text));
    const shared: Rule[] = [];
    const list = await c.rules.list((r) => {
      shared.push(r);
      return r;
    });
    expect(list).toEqual(normalizeRuleList(parseJson(text)));
    expect(shared).toHaveLength(12_000);
    expect(list.rules[11_999]?.n_packets).toBe(2n ** 64n - 12_000n);
    expect(list.rules[5]).toBe(shared[5]);
  });

  it('names the malformed rule, in a big answer as in a small one', async () => {
    for (const [n, bad] of [
      [12_000, 9_001],
      [10, 3],
    ] as const) {
      const c = await client((_req, res) => json(res, 200, answer(n, bad)));
      const e = await failure(c.rules.list());
      expect(e).toBeInstanceOf(ParseError);
      expect(e.message).toContain(`rules[${bad}].n_packets`);
    }
  });

  it("reports an error answer as the device's error, without reading its rules", async () => {
    const body = `{"error":"table locked","rules":[{"n_packets":"lots"}]}`;
    const c = await client((_req, res) => json(res, 500, body));
    const e = await failure(c.rules.list());
    expect(e).toBeInstanceOf(DeviceError);
    expect(e.message).toContain('table locked');
  });
});
