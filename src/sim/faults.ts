/**
 * Fault injection, so the console can be tested against a device that misbehaves:
 * added latency, a share of requests failing (500 or connection reset), the next N
 * requests failing or hanging, and reboots — set by flags or at run time through the
 * control endpoints under /_sim (outside the device's /rest API).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reboot } from './boot.js';
import { registerControlOrigin } from './control-origin.js';
import { engineOf } from './engine.js';
import { registerFlowControl } from './flows-routes.js';
import { stringify } from './json.js';
import type { SimState } from './state.js';
import { LOG_LINE_MAX, LOG_LINES_MAX } from './weblog.js';

export type FailMode = '500' | 'reset' | 'hang';

export interface FaultSettings {
  latencyMs: number;
  /** `writes`: the latency holds only requests that are not GETs (a slow write, quick reads). */
  latencyOn: 'all' | 'writes';
  failRate: number;
  failMode: FailMode | 'mixed';
  /** The next N /rest requests fail with failNextMode. */
  failNext: number;
  failNextMode: FailMode;
}

export class FaultControl {
  settings: FaultSettings;
  private rng: number;
  /** Requests that reached /rest (for tests and benchmarks). */
  requests = 0;
  /** Of those, the ones that were not GETs: writes (the reliability drills count them). */
  writes = 0;

  constructor(seed: number, initial: Partial<FaultSettings> = {}) {
    this.rng = (seed * 2654435761) >>> 0 || 1;
    this.settings = {
      latencyMs: 0,
      latencyOn: 'all',
      failRate: 0,
      failMode: 'mixed',
      failNext: 0,
      failNextMode: '500',
      ...initial,
    };
  }

  private random(): number {
    // xorshift32: deterministic for a given seed
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x >>> 0;
    return this.rng / 0x100000000;
  }

  /** Whether any fault is configured (else requests skip beforeRequest). */
  active(): boolean {
    const s = this.settings;
    return s.latencyMs > 0 || s.failRate > 0 || s.failNext > 0;
  }

  /** Runs before a /rest request is handled; may answer or drop it. */
  async beforeRequest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.requests++;
    const s = this.settings;
    const held = s.latencyOn === 'all' || req.method !== 'GET';
    if (s.latencyMs > 0 && held) await new Promise((r) => setTimeout(r, s.latencyMs));
    let mode: FailMode | null = null;
    if (s.failNext > 0) {
      s.failNext--;
      mode = s.failNextMode;
    } else if (s.failRate > 0 && this.random() < s.failRate) {
      mode = s.failMode === 'mixed' ? (this.random() < 0.5 ? '500' : 'reset') : s.failMode;
    }
    if (mode === '500') {
      reply
        .code(500)
        .type('application/json')
        .send(stringify({ error: 'simulated internal failure' }));
    } else if (mode === 'reset') {
      req.raw.socket.destroy();
      reply.hijack();
    } else if (mode === 'hang') {
      // never answers; the client's timeout is what is being tested
      reply.hijack();
    }
  }
}

function num(v: unknown, lo: number, hi: number): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= lo && n <= hi ? n : undefined;
}

/** The longest reboot /_sim/reboot (and --reboot-ms) can ask for. */
export const REBOOT_MS_MAX = 60_000;

/** Whether the token a /_sim request carries (X-Sim-Token header or ?token=) is `token`. */
function tokenMatches(req: FastifyRequest, token: string): boolean {
  const header = req.headers['x-sim-token'];
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The control endpoints. With a `token` (the simulator listens beyond loopback) every one
 * needs it; on loopback they are open, as the tests and `pbc --demo` use them.
 */
export function registerControl(
  app: FastifyInstance,
  state: SimState,
  faults: FaultControl,
  token?: string,
): void {
  const reply400 = (reply: FastifyReply, error: string) =>
    reply.code(400).type('application/json').send(stringify({ error }));

  registerControlOrigin(app);

  if (token)
    app.addHook('onRequest', (req, reply, done) => {
      if (!/^\/_sim(\/|\?|$)/.test(req.url) || tokenMatches(req, token)) return done();
      reply
        .code(401)
        .type('application/json')
        .send(
          stringify({
            error: '/_sim needs the token printed at start: send X-Sim-Token or ?token=',
          }),
        );
    });

  app.get('/_sim/status', async (_req, reply) =>
    reply.type('application/json').send(
      stringify({
        faults: faults.settings,
        requests: faults.requests,
        writes: faults.writes,
        rebooting: state.rebootingUntil > state.now(),
        rules: state.rules.size,
        log_lines: state.log.size,
        flows: engineOf(state).flowCount(),
        unmatched_bps: engineOf(state).unmatchedBps(state.counterNow()),
      }),
    ),
  );

  registerFlowControl(app, state);

  app.post('/_sim/fault', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const s = faults.settings;
    const next: FaultSettings = { ...s };
    if (b.latency_ms !== undefined) {
      const v = num(b.latency_ms, 0, 120_000);
      if (v === undefined) return reply400(reply, 'latency_ms must be 0..120000');
      next.latencyMs = v;
    }
    if (b.latency_on !== undefined) {
      if (!['all', 'writes'].includes(String(b.latency_on)))
        return reply400(reply, "latency_on must be 'all' or 'writes'");
      next.latencyOn = String(b.latency_on) as FaultSettings['latencyOn'];
    }
    if (b.fail_rate !== undefined) {
      const v = num(b.fail_rate, 0, 1);
      if (v === undefined) return reply400(reply, 'fail_rate must be 0..1');
      next.failRate = v;
    }
    if (b.fail_mode !== undefined) {
      if (!['500', 'reset', 'hang', 'mixed'].includes(String(b.fail_mode)))
        return reply400(reply, "fail_mode must be '500', 'reset', 'hang' or 'mixed'");
      next.failMode = String(b.fail_mode) as FaultSettings['failMode'];
    }
    if (b.fail_next !== undefined) {
      const v = num(b.fail_next, 0, 1_000_000);
      if (v === undefined) return reply400(reply, 'fail_next must be a count');
      next.failNext = v;
      const m = String(b.fail_next_mode ?? '500');
      if (!['500', 'reset', 'hang'].includes(m))
        return reply400(reply, "fail_next_mode must be '500', 'reset' or 'hang'");
      next.failNextMode = m as FailMode;
    }
    faults.settings = next;
    return reply.type('application/json').send(stringify({ faults: next }));
  });

  app.post('/_sim/reboot', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const ms = b.ms === undefined ? state.rebootMs : num(b.ms, 0, REBOOT_MS_MAX);
    if (ms === undefined) return reply400(reply, `ms must be 0..${REBOOT_MS_MAX}`);
    reboot(state, ms);
    return reply
      .type('application/json')
      .send(stringify({ rebooting_until: state.rebootingUntil }));
  });

  /**
   * Appends log lines: {lines: string[]} verbatim, or {count, length} generated. The log
   * keeps at most LOG_LINES_MAX lines and LOG_CHARS_MAX characters, so only the lines it
   * would keep are generated.
   */
  app.post('/_sim/log', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (Array.isArray(b.lines)) {
      const lines = b.lines.slice(0, LOG_LINES_MAX);
      for (const l of lines) state.log.append(String(l).slice(0, LOG_LINE_MAX));
    } else {
      const count = num(b.count ?? 1, 1, 100_000);
      const length = num(b.length ?? 60, 1, LOG_LINE_MAX);
      if (count === undefined || length === undefined)
        return reply400(reply, `count 1..100000, length 1..${LOG_LINE_MAX}`);
      for (let i = count - state.log.keeps(count, length); i < count; i++) {
        const head = `sim: generated line ${i + 1} of ${count} `;
        state.log.append(head + 'x'.repeat(Math.max(0, length - head.length)));
      }
    }
    return reply.type('application/json').send(stringify({ log_lines: state.log.size }));
  });
}
