/**
 * Simulator fuzzer: random and malformed requests over real HTTP against one simulator
 * started in this file (fault injection off, reboots instant so nothing answers 503).
 *
 * SIZE: 5,000 requests in `npm test` (ten batches, UAC on in two of them; the full 10,000
 * took 12-15 s on the 2-core machine, ~25 s of CPU under load). `PBC_FUZZ_SIZE=n` runs n
 * instead; `PBC_FUZZ_FULL=1` runs the full 10,000.
 * SEED: `PBC_FUZZ_SEED=n` (default 20251122). Request i is generated from hash32(seed, i)
 * alone and requests run one at a time, so a seed replays the same run; a failure prints
 * the seed, the request's index, the request and a command that replays up to it.
 * `PBC_FUZZ_STATS=1` prints counts per kind and status, and the state after each batch.
 *
 * Traffic: real routes (from the simulator's own router) with valid and garbage parameters
 * in the query string, a form body, a JSON body or both; random, bogus and lower-case
 * methods on real and bogus paths; bracket parameters (deep, nested arrays, __proto__,
 * constructor[prototype]); JSON bodies that are truncated, of the wrong type, deeply
 * nested, 1 MB long, with numbers beyond 2^64, lone surrogates and control characters,
 * invalid UTF-8, objects with own toString/valueOf; odd X-HTTP-Method-Override values;
 * right, wrong and malformed credentials (basic auth and username/password parameters);
 * query strings up to and beyond Node's 16 KiB header limit. Every fourth batch runs with
 * UAC on; a SUPER account only the harness knows reads the state and repairs `admin`.
 *
 * Asserted for every answer: a status below 500, a JSON content type, a JSON object body
 * (HEAD: empty; GET /ports/stats: an array) — exactly `{error: "…"}` for 4xx, also when
 * Node's HTTP parser or fastify reject the request before the simulator's code (bogus or
 * lower-case method, header overflow, bad percent-encoding in the path) — no `error` on
 * 2xx, and `result` on a 2xx write unless the write is documented to answer with data.
 * A plain POST /rules that answers 200 must have added exactly the rule it described.
 * After every batch: the device answers, used_flows (GET /rules/all and GET /flownumbers)
 * == Σ real_flow_ct == Σ flowCount(match) ≤ the hard limit of the current storage mode,
 * no two rules share match + priority, cookies are unique, every group:N action names an
 * existing group. At the end: nothing polluted Object.prototype (the simulator runs in this
 * process) and GET /device/name still answers.
 *
 * The pieces live in test/sim/fuzz/: generate.ts (request i from the seed) and the request
 * kinds it draws from, send.ts, checks.ts (per answer), invariants.ts (per batch) and
 * accounts.ts (the keeper account that repairs `admin` and UAC between requests).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeeper, keeper, repairAdmin, setUac } from './fuzz/accounts.js';
import { describeRequest, effective, missingAdd, preview, problemWith } from './fuzz/checks.js';
import { BATCH, FULL, SEED, TOTAL, uacBatch } from './fuzz/config.js';
import { generate } from './fuzz/generate.js';
import { checkInvariants } from './fuzz/invariants.js';
import { type Answer, send } from './fuzz/send.js';
import { startTestSim, type TestSim } from './helpers.js';

describe(`simulator fuzzer (${TOTAL} requests, seed ${SEED})`, () => {
  let t: TestSim;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    // instant reboots: POST /device/reboot must not turn the rest of a batch into 503s
    t = await startTestSim({ seed: SEED % 1000, rebootMs: 0 });
    expect(t.sim.faults.active()).toBe(false);
    await addKeeper(t);
  });

  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it(
    'answers every request with < 500 and JSON, and keeps its invariants',
    async () => {
      const stats = new Map<string, number>();
      const started = performance.now();
      for (let b = 0; b * BATCH < TOTAL; b++) {
        const uac = uacBatch(b);
        await repairAdmin(t, uac);
        for (let i = b * BATCH; i < Math.min(TOTAL, (b + 1) * BATCH); i++) {
          const q = generate(SEED, i, uac);
          let answer: Answer;
          const t0 = performance.now();
          try {
            answer = await send(t.sim.port, q, agent);
            stats.set(`ms ${q.kind}`, (stats.get(`ms ${q.kind}`) ?? 0) + performance.now() - t0);
          } catch (e) {
            throw new Error(`no answer: ${(e as Error).message}\n${describeRequest(q, i)}`);
          }
          const problem = problemWith(q, answer, stats);
          if (problem)
            throw new Error(
              `${problem}\n${describeRequest(q, i)}\n  answer ${answer.status} ${preview(answer.body)}`,
            );
          if (q.adds && answer.status === 200) {
            const missing = await missingAdd(t, q.adds);
            if (missing) throw new Error(`${missing}\n${describeRequest(q, i)}`);
            stats.set('checked adds', (stats.get('checked adds') ?? 0) + 1);
          }
          stats.set(q.kind, (stats.get(q.kind) ?? 0) + 1);
          stats.set(`status ${answer.status}`, (stats.get(`status ${answer.status}`) ?? 0) + 1);
          // a successful write to /users may have locked the admin account out or
          // switched UAC: back to this batch's setting
          const eff = effective(q);
          if (answer.status < 300 && eff.path.startsWith('/users') && eff.method !== 'GET') {
            if (uac) await repairAdmin(t, true);
            else if (eff.path === '/users/uac') await setUac(t, false);
          }
        }
        await checkInvariants(
          t,
          `seed ${SEED}, after batch ${b} (requests up to #${Math.min(TOTAL, (b + 1) * BATCH) - 1})`,
        );
      }
      if (process.env.PBC_FUZZ_STATS === '1') {
        console.log(`fuzz: ${TOTAL} requests in ${Math.round(performance.now() - started)} ms`);
        console.log(
          [...stats.entries()]
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
        );
      }
      // the traffic really wrote: rules were added (and checked) and deleted
      if (TOTAL >= 5_000) {
        expect(stats.get('2xx POST /rules') ?? 0).toBeGreaterThan(50);
        expect(stats.get('checked adds') ?? 0).toBeGreaterThan(50);
        expect(stats.get('2xx DELETE /rules') ?? 0).toBeGreaterThan(0);
        expect(stats.get('2xx POST /groups') ?? 0).toBeGreaterThan(0);
      }

      // the server is still up, fault injection still off
      const alive = await keeper(t, 'GET', '/device/name');
      expect(alive.status, alive.text).toBe(200);
      expect(typeof alive.body.name).toBe('string');
      expect(t.sim.faults.active()).toBe(false);
    },
    FULL ? 600_000 : 300_000,
  );

  it('left no prototype polluted (the simulator runs in this process)', () => {
    const probe: Record<string, unknown> = {};
    for (const k of ['x', 'y', 'polluted', 'isAdmin', 'a', 'b', '0', 'in_port'])
      expect(probe[k], `Object.prototype.${k}`).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.keys(Array.prototype)).toEqual([]);
    expect(Object.keys(Function.prototype)).toEqual([]);
    expect(Object.keys(String.prototype)).toEqual([]);
    expect({}.toString).toBe(Object.prototype.toString);
    expect({} instanceof Object).toBe(true);
  });
});
