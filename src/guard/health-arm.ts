/**
 * Arming a guarded change, the two moments the process that sends it adds: before sending,
 * wait for the guard's pre-change samples (so the traffic before is measured before the
 * change exists); after sending, start the window.
 */
import { UsageError } from '../model/errors.js';
import type { HealthSpec } from './health-spec.js';
import { alive, patchHealth, readPending } from './pending.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the guard of entry `id` (process `pid`) took its pre-change samples. */
export async function awaitBaseline(
  id: string,
  pid: number,
  spec: HealthSpec,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const until = Date.now() + 30_000 + 2 * spec.intervalMs;
  for (;;) {
    const h = readPending(env).find((r) => r.id === id)?.health;
    if (h?.baselineAt) return;
    const why = h?.baselineError
      ? `it could not read the device's traffic (${h.baselineError})`
      : !alive(pid)
        ? 'the guard process stopped'
        : Date.now() > until
          ? 'it took too long to read the traffic'
          : undefined;
    if (why)
      throw new UsageError(
        `the guard could not measure the traffic before the change: ${why}; nothing was sent`,
      );
    await sleep(50);
  }
}

/** The change was sent: the window runs from now. */
export function healthStarted(id: string, spec: HealthSpec, env: NodeJS.ProcessEnv) {
  const sentAt = Date.now();
  return patchHealth(id, { sentAt, untilAt: sentAt + spec.forMs }, env);
}
