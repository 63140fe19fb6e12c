/**
 * The device's own routing: (method, path) → handler with a minimum access level. We route
 * ourselves (instead of one fastify route per operation) so that X-HTTP-Method-Override,
 * 404 vs 405, and the access check are uniform for every operation.
 */
import type { Params } from './params.js';
import type { SimState } from './state.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** R/W/S as in the spec's tables; 'auth' = any authenticated user (no level stated). */
export type Level = 'R' | 'W' | 'S' | 'auth';

export interface Principal {
  /** null when UAC is off (nobody is asked to log in). */
  username: string | null;
  level: number;
}

export interface Ctx {
  params: Params;
  state: SimState;
  principal: Principal;
  /** Throws 403 unless the caller has at least this level (for levels decided at run time). */
  requireLevel(level: number, what: string): void;
}

export type Handler = (ctx: Ctx) => unknown;

export interface RouteOptions {
  /**
   * The answer depends only on the device state and the counter step (not on parameters
   * or the caller), so its serialized form is shared until either changes.
   */
  cacheable?: boolean;
}

export interface Route extends RouteOptions {
  method: Method;
  path: string;
  level: Level;
  handler: Handler;
}

export class Router {
  private readonly table = new Map<string, Map<Method, Route>>();

  add(
    method: Method,
    path: string,
    level: Level,
    handler: Handler,
    options: RouteOptions = {},
  ): void {
    let byMethod = this.table.get(path);
    if (!byMethod) {
      byMethod = new Map();
      this.table.set(path, byMethod);
    }
    if (byMethod.has(method)) throw new Error(`duplicate route ${method} ${path}`);
    byMethod.set(method, { method, path, level, handler, ...options });
  }

  /** The route, or 'no-path' / the allowed methods when the method does not fit. */
  find(method: string, path: string): Route | 'no-path' | Method[] {
    const byMethod = this.table.get(path);
    if (!byMethod) return 'no-path';
    const route = byMethod.get(method as Method);
    return route ?? [...byMethod.keys()];
  }

  routes(): Route[] {
    return [...this.table.values()].flatMap((m) => [...m.values()]);
  }
}
