/**
 * The serialized answers of cacheable routes (GET /rules/all, /ports/stats), shared by every
 * request for the same device state. A request that arrives while the answer for the current
 * state is being written (a big rule table is written in slices, over many turns of the event
 * loop) waits for that one instead of starting its own; a finished answer serves every request
 * until the state changes or the counters step past the step in which it was finished (so an
 * answer that took longer than a step to write is still served for one step, as a fast one is).
 */
import { encode } from './json.js';
import type { Ctx, Route } from './router.js';
import type { SimState } from './state.js';

interface Answer {
  version: number;
  /** Counter step (ms) up to which a finished answer is served; Infinity while in flight. */
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
    if (hit && hit.version === state.version && state.counterNow() <= hit.freshUntil)
      return hit.bytes;
    this.serializations++;
    const answer: Answer = { version: state.version, freshUntil: Infinity, bytes: NONE };
    this.byRoute.set(route, answer);
    answer.bytes = this.write(route, ctx, answer);
    return answer.bytes;
  }

  private async write(route: Route, ctx: Ctx, answer: Answer): Promise<Buffer> {
    try {
      const bytes = encode(await route.handler(ctx));
      answer.freshUntil = this.state.counterNow();
      return bytes;
    } catch (e) {
      if (this.byRoute.get(route) === answer) this.byRoute.delete(route);
      throw e;
    }
  }
}

const NONE: Promise<Buffer> = Promise.resolve(Buffer.alloc(0));
