/**
 * The serialized answers of cacheable routes (GET /rules/all, /ports/stats), shared by every
 * request for the same device state. A request that arrives while the answer for the current
 * state is being written (a big rule table is written in slices, over many turns of the event
 * loop) waits for that one instead of starting its own. A finished answer serves every request
 * until the state changes, through the counter step it finished in and for at least twice the
 * time it took to write: like a real device's statistics collection, counters over a table that
 * takes long to write refresh less often (65,536 rules: ~0.4 s to write, so counters up to
 * ~1.2 s old), and the device spends at most a third of its time writing the same table again.
 */
import { encode } from './json.js';
import type { Ctx, Route } from './router.js';
import { COUNTER_STEP_MS, type SimState } from './state.js';

interface Answer {
  version: number;
  /** Instant (epoch ms) up to which a finished answer is served; Infinity while in flight. */
  freshUntil: number;
  bytes: Promise<Buffer>;
}

export class SharedAnswers {
  private readonly byRoute = new Map<Route, Answer>();
  /** Serializations started (for tests and benchmarks). */
  serializations = 0;

  constructor(private readonly state: SimState) {}

  get(route: Route, ctx: Ctx): Promise<Buffer> {
    const { state } = this;
    const hit = this.byRoute.get(route);
    if (hit && hit.version === state.version && state.now() <= hit.freshUntil) return hit.bytes;
    this.serializations++;
    const answer: Answer = { version: state.version, freshUntil: Infinity, bytes: NONE };
    this.byRoute.set(route, answer);
    answer.bytes = this.write(route, ctx, answer);
    return answer.bytes;
  }

  private async write(route: Route, ctx: Ctx, answer: Answer): Promise<Buffer> {
    const { state } = this;
    const started = state.now();
    try {
      const bytes = encode(await route.handler(ctx));
      const now = state.now();
      const endOfStep = state.counterNow() + COUNTER_STEP_MS - 1;
      answer.freshUntil = Math.max(endOfStep, now + 2 * (now - started));
      return bytes;
    } catch (e) {
      if (this.byRoute.get(route) === answer) this.byRoute.delete(route);
      throw e;
    }
  }
}

const NONE: Promise<Buffer> = Promise.resolve(Buffer.alloc(0));
