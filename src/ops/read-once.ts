/**
 * A client whose argument-less reads are answered once: a journal batch's state reads, and
 * the executor's base check (base-check.ts), fetch each list once however many writes read it.
 */
import type { Client } from '../api/index.js';

/**
 * `client` with its argument-less reads (`rules.list()`, `ports.config()` …) answered once:
 * what a batch's state reads go through, so each list is fetched once per batch phase.
 */
export function readOnce(client: Client): Client {
  const cache = new Map<string, Promise<unknown>>();
  return new Proxy(client, {
    get(target, family, receiver) {
      const part = Reflect.get(target, family, receiver);
      if (typeof part !== 'object' || part === null || family === 'transport') return part;
      return new Proxy(part, {
        get(obj, method, r) {
          const fn = Reflect.get(obj, method, r);
          if (typeof fn !== 'function') return fn;
          return (...args: unknown[]) => {
            if (args.length > 0) return fn.apply(obj, args);
            const key = `${String(family)}.${String(method)}`;
            let p = cache.get(key);
            if (!p) {
              p = Promise.resolve(fn.apply(obj, args));
              cache.set(key, p);
              p.catch(() => cache.delete(key));
            }
            return p;
          };
        },
      });
    },
  });
}
