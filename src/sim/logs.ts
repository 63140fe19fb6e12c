/**
 * The web log. The device's clock runs in UTC, so `systemDateTime` and the timestamps of
 * the log lines (see weblog.ts) are on the same clock and a client can compute ages.
 */
import { ambientLog } from './ambient.js';
import type { Ctx, Router } from './router.js';

/** Who made the request, for log lines. */
export function actor(ctx: Ctx): string {
  return ctx.principal.username ?? 'anonymous (UAC off)';
}

/** Device local time as the device shows it: '2026-11-22 01:02:03'. */
function systemDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function registerLogs(router: Router): void {
  router.add('GET', '/weblog', 'R', ({ state }) => {
    ambientLog(state);
    return { logs: state.log.all(), systemDateTime: systemDateTime(state.now()) };
  });
  router.add('DELETE', '/weblog', 'S', (ctx) => {
    // lines the device logged before the clear are cleared with it (not appended after it)
    ambientLog(ctx.state);
    ctx.state.log.clear();
    ctx.state.log.append(`logs: weblog cleared by ${actor(ctx)}`);
  });
}
