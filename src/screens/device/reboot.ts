/**
 * Waiting for a rebooting device: a pure state machine fed with poll results, and the
 * loop that polls it. The device counts as back once it answered after having been seen
 * down, or when it never went down within the grace period (then it did not reboot, or
 * rebooted faster than one poll).
 */

export interface RebootWait {
  startedAt: number;
  deadline: number;
  seenDown: boolean;
  state: 'waiting' | 'back' | 'gave-up';
  lastError?: string;
}

export const REBOOT_TIMEOUT_MS = 300_000;
export const REBOOT_GRACE_MS = 30_000;

export function startRebootWait(now: number, timeoutMs = REBOOT_TIMEOUT_MS): RebootWait {
  return { startedAt: now, deadline: now + timeoutMs, seenDown: false, state: 'waiting' };
}

export function rebootStep(
  wait: RebootWait,
  answer: { ok: true } | { ok: false; error: string },
  now: number,
  graceMs = REBOOT_GRACE_MS,
): RebootWait {
  if (wait.state !== 'waiting') return wait;
  if (answer.ok) {
    if (wait.seenDown || now - wait.startedAt >= graceMs) return { ...wait, state: 'back' };
    return now >= wait.deadline ? { ...wait, state: 'gave-up' } : wait;
  }
  const next = { ...wait, seenDown: true, lastError: answer.error };
  return now >= wait.deadline ? { ...next, state: 'gave-up' } : next;
}

export function rebootLines(wait: RebootWait, now: number): string[] {
  const elapsed = Math.round((now - wait.startedAt) / 1000);
  const left = Math.max(0, Math.ceil((wait.deadline - now) / 1000));
  return [
    `Reboot requested ${elapsed} s ago. Waiting for the device to answer again: ${left} s left.`,
    wait.seenDown
      ? 'The device went down; polling until it answers.'
      : 'Waiting for the device to go down…',
    ...(wait.lastError ? [`Last answer: ${wait.lastError}`] : []),
    'When it answers, pbc reconnects by itself.',
  ];
}

/**
 * Polls `probe` every `everyMs` until the device is back or the deadline passes; reports
 * each state through `onUpdate`. `cancelled()` stops the loop (Esc).
 */
export async function waitForReboot(options: {
  probe: () => Promise<unknown>;
  onUpdate: (wait: RebootWait) => void;
  cancelled: () => boolean;
  now?: () => number;
  everyMs?: number;
  timeoutMs?: number;
  graceMs?: number;
}): Promise<RebootWait> {
  const now = options.now ?? Date.now;
  let wait = startRebootWait(now(), options.timeoutMs);
  options.onUpdate(wait);
  while (wait.state === 'waiting' && !options.cancelled()) {
    // Quick polls at first, so a device that is down only briefly is still seen going down.
    const every = options.everyMs ?? (now() - wait.startedAt < 10_000 ? 250 : 1000);
    await new Promise((r) => setTimeout(r, every));
    if (options.cancelled()) break;
    let answer: { ok: true } | { ok: false; error: string };
    try {
      await options.probe();
      answer = { ok: true };
    } catch (e) {
      answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    wait = rebootStep(wait, answer, now(), options.graceMs);
    options.onUpdate(wait);
  }
  return wait;
}
