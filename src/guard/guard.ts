/**
 * The revert guard: a small detached process (`pbc revert-guard ID`, spawned by spawn.ts)
 * that waits for one pending auto-revert to expire and reverts it unless it was confirmed.
 * It reads the device's credentials from stdin once (never argv, a file or its environment)
 * and the rest from the pending file. It outlives the operator's session: it is its own
 * session leader (detached), ignores SIGHUP, and has no terminal.
 *
 * At expiry it claims the entry (pending → reverting, under the lock: a confirm that came
 * first wins), then sends the revert requests in order. A device that does not answer (no
 * connection, timeout, 5xx such as 503 while it reboots) is asked again every few seconds
 * for up to 10 minutes after expiry; then, or when the device refuses a request (4xx), the
 * entry is marked `failed` with the reason.
 */
import type { ClientOptions } from '../api/index.js';
import { ConnectionError, createClient, DeviceError, TimeoutError } from '../api/index.js';
import { sendRecorded } from '../ops/execute.js';
import { deviceId, installJournal, type Journal, newEntryId } from '../ops/journal.js';
import type { RecordedWrite } from '../ops/operation.js';
import { type ExpiryPlan, type Kept, planExpiry } from './expiry.js';
import { HealthWatch } from './health-guard.js';
import { journalHealth } from './health-journal.js';
import { tripText } from './health-trip.js';
import {
  PendingFileError,
  type PendingRevert,
  type PendingState,
  patchHealth,
  readPending,
  transition,
  withoutKinds,
} from './pending.js';
import { readChanges, removeChanges } from './watch.js';

export interface GuardInput {
  options: ClientOptions;
}

export interface GuardTiming {
  /** How often the pending file is read while waiting. */
  pollMs: number;
  /** Pause between attempts while the device does not answer. */
  retryMs: number;
  /** How long after expiry the guard keeps trying. */
  giveUpMs: number;
}

export const GUARD_TIMING: GuardTiming = { pollMs: 250, retryMs: 2000, giveUpMs: 10 * 60_000 };

/** What happened, for the journal (once the change pipeline records reverts). */
export type GuardEvent =
  | { type: 'reverted'; entry: PendingRevert }
  | { type: 'failed'; entry: PendingRevert; reason: string }
  | { type: 'retry'; entry: PendingRevert; reason: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The device did not answer, or answered "not now": worth asking again. */
export function transient(e: unknown): boolean {
  if (e instanceof ConnectionError || e instanceof TimeoutError) return true;
  return e instanceof DeviceError && e.status !== undefined && e.status >= 500;
}

/** Waits for entry `id` to be confirmed or to expire; returns its final state. */
export async function runGuard(
  id: string,
  input: GuardInput,
  opts: {
    env?: NodeJS.ProcessEnv;
    timing?: Partial<GuardTiming>;
    onEvent?: (e: GuardEvent) => void;
  } = {},
): Promise<PendingState | 'gone'> {
  const env = opts.env ?? process.env;
  const timing = { ...GUARD_TIMING, ...opts.timing };
  let health: HealthWatch | undefined;
  for (;;) {
    const entry = readOrWait(id, env);
    if (entry === 'unreadable') {
      // a corrupt pending file cancels nothing: wait until it is readable again
      await sleep(timing.pollMs);
      continue;
    }
    if (!entry) return 'gone';
    if (entry.state !== 'pending') {
      if (health) endWatch(health, id, env);
      return entry.state;
    }
    if (entry.health) {
      // a guarded change: its health is watched too, and a trip reverts at once
      health ??= new HealthWatch(id, createClient(input.options), entry.health, env);
      const step = await health.step(entry).catch(() => ({ type: 'wait' }) as const);
      if (step.type === 'keep') {
        const kept = await keepAtEnd(entry, input, health, env);
        if (kept) return kept;
        continue; // confirmed or tripped in the meantime: the loop reads the new state
      }
      if (step.type === 'trip') {
        const claimed = claim(id, env);
        if (claimed === 'unreadable' || !claimed) continue;
        patchHealth(id, { trip: step.trip }, env);
        endWatch(health, id, env);
        const why = `guard '${step.trip.kind}' tripped`;
        return revert(claimed, input, timing, env, opts.onEvent, tripText(step.trip), why);
      }
    }
    const left = entry.expiresAt - Date.now();
    // a guarded change without a timer is kept at the window's end, never reverted by it
    const keeps = entry.health?.keepAtEnd && entry.health.sentAt !== undefined;
    if (left > 0 || keeps) {
      await sleep(Math.min(timing.pollMs, left));
      continue;
    }
    const claimed = claim(id, env);
    if (claimed === 'unreadable') {
      await sleep(timing.pollMs);
      continue;
    }
    if (!claimed) continue; // confirmed in the meantime: the loop reads the new state
    // a guarded change's timeline ends where the timer's revert begins
    if (health) endWatch(health, id, env);
    return revert(claimed, input, timing, env, opts.onEvent);
  }
}

/** The entry (undefined when gone), or `unreadable` while the pending file is corrupt. */
function readOrWait(id: string, env: NodeJS.ProcessEnv): PendingRevert | undefined | 'unreadable' {
  try {
    return readPending(env).find((r) => r.id === id);
  } catch (e) {
    if (e instanceof PendingFileError) return 'unreadable';
    throw e;
  }
}

function claim(id: string, env: NodeJS.ProcessEnv): PendingRevert | undefined | 'unreadable' {
  try {
    return transition(id, 'pending', 'reverting', { guardPid: process.pid }, env);
  } catch (e) {
    if (e instanceof PendingFileError) return 'unreadable';
    throw e;
  }
}

async function revert(
  entry: PendingRevert,
  input: GuardInput,
  timing: GuardTiming,
  env: NodeJS.ProcessEnv,
  onEvent?: (e: GuardEvent) => void,
  /** Why it reverts before expiry (a guard tripped: `reverted: … (guard 'oversub')`). */
  lead = '',
  revertWhy?: string,
): Promise<PendingState> {
  const older = withoutKinds(entry);
  if (older) {
    const detail = lead ? `${lead}; the revert failed: ${older}` : older;
    const failed = transition(entry.id, 'reverting', 'failed', { detail, attempts: 0 }, env);
    onEvent?.({ type: 'failed', entry: failed ?? entry, reason: detail });
    return 'failed';
  }
  const client = createClient(input.options);
  // The reverts go through the change pipeline: each write is journaled like any other.
  const journal = installJournal(client, {
    device: entry.device,
    ...(entry.user !== undefined ? { user: entry.user } : {}),
    revertOf: entry.id,
    ...(revertWhy ? { revertWhy } : {}),
  });
  const giveUpAt = Date.now() + timing.giveUpMs;
  let plan: ExpiryPlan | undefined;
  let next = 0;
  let attempts = 0;
  let answering = true;
  const done: string[] = [];
  const left: Kept[] = [];
  try {
    for (;;) {
      attempts++;
      try {
        // After a failure, a GET first: the write (and its journal entry) only goes out
        // once the device answers again.
        if (!answering) await client.users.uac();
        answering = true;
        if (!plan) {
          plan = await planOf(client, entry, env);
          left.push(...plan.kept);
        }
        const step = plan.steps[next];
        if (!step) break;
        try {
          await sendRecorded({ client }, step.write);
          if (step.label) done.push(step.label);
        } catch (e) {
          // a watched revert goes on past a refused step: the rest is still set back
          if (transient(e) || !entry.watch) throw e;
          left.push({
            label: step.label || step.write.request.path,
            why: (e as Error).message,
            write: step.write,
          });
        }
        next++;
      } catch (e) {
        answering = false;
        const reason = (e as Error).message;
        if (!transient(e) || Date.now() + timing.retryMs > giveUpAt) {
          const why = transient(e)
            ? `device did not answer for ${Math.round(timing.giveUpMs / 1000)} s after expiry: ${reason}`
            : reason;
          const detail = lead ? `${lead}; the revert failed: ${why}` : why;
          const failed = transition(entry.id, 'reverting', 'failed', { detail, attempts }, env);
          const write = plan?.steps[next]?.write ?? entry.revert[next];
          if (write) recordNotDone(journal, entry, write, `failed: ${detail}`);
          onEvent?.({ type: 'failed', entry: failed ?? entry, reason: detail });
          return 'failed';
        }
        transition(
          entry.id,
          'reverting',
          'reverting',
          { detail: `retrying: ${reason}`, attempts },
          env,
        );
        onEvent?.({ type: 'retry', entry, reason });
        await sleep(timing.retryMs);
      }
    }
  } finally {
    await client.close().catch(() => {});
  }
  removeChanges(entry.id, env);
  for (const k of left)
    if (k.write) recordNotDone(journal, entry, k.write, `left ${k.label}: ${k.why}`);
  const state: PendingState =
    left.length === 0 ? 'reverted' : done.length > 0 ? 'partly-reverted' : 'not-reverted';
  const detail = [lead, outcomeText(done, left)].filter(Boolean).join('; ');
  const final = transition(entry.id, 'reverting', state, { attempts, detail }, env);
  onEvent?.({ type: 'reverted', entry: final ?? entry });
  return state;
}

/** The watch is over (confirmed, tripped, kept): its timeline to the entry and the journal. */
function endWatch(health: HealthWatch, id: string, env: NodeJS.ProcessEnv): void {
  health.record();
  health.close();
  const entry = readOrWait(id, env);
  if (entry && entry !== 'unreadable') journalHealth(entry, env);
}

/**
 * A guarded change without a revert timer whose window ended without a trip: kept
 * (pending → confirmed, under the lock: a confirm or a trip that came first wins), and its
 * save-point deleted, journaled like the guard's other writes.
 */
async function keepAtEnd(
  entry: PendingRevert,
  input: GuardInput,
  health: HealthWatch,
  env: NodeJS.ProcessEnv,
): Promise<PendingState | undefined> {
  const kept = transition(entry.id, 'pending', 'confirmed', { detail: KEPT_TEXT }, env);
  if (!kept) return undefined;
  endWatch(health, entry.id, env);
  removeChanges(entry.id, env);
  const client = createClient(input.options);
  installJournal(client, {
    device: entry.device,
    ...(entry.user !== undefined ? { user: entry.user } : {}),
  });
  try {
    for (const r of kept.cleanup) await sendRecorded({ client }, r);
  } catch (e) {
    transition(
      entry.id,
      'confirmed',
      'confirmed',
      {
        detail: `${KEPT_TEXT}; save-point ${kept.savepoint?.name} left: ${(e as Error).message}`,
      },
      env,
    );
  } finally {
    await client.close().catch(() => {});
  }
  return 'confirmed';
}

export const KEPT_TEXT = 'kept: the guard window ended without a trip';

/** The guard's plan: per object for a watched change, else the recorded requests as they are. */
async function planOf(
  client: ReturnType<typeof createClient>,
  entry: PendingRevert,
  env: NodeJS.ProcessEnv,
): Promise<ExpiryPlan> {
  const { watch } = entry;
  if (watch) return planExpiry(client, { ...entry, watch }, readChanges(entry.id, env));
  return { steps: entry.revert.map((write) => ({ write, label: write.request.path })), kept: [] };
}

/** `reverted: …; left: … (why)` — '' when all was reverted. */
export function outcomeText(done: string[], left: Kept[]): string {
  if (left.length === 0) return '';
  const head = done.length ? `reverted ${done.length}: ${done.join(', ')}` : 'nothing reverted';
  const text = `${head}; left ${left.length}: ${left.map((k) => `${k.label} (${k.why})`).join('; ')}`;
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** The journal's record of a revert write not done (refused, or left on purpose), and why. */
function recordNotDone(
  journal: Journal,
  entry: PendingRevert,
  { kind, request }: RecordedWrite,
  detail: string,
): void {
  const id = newEntryId();
  const time = new Date().toISOString();
  try {
    journal.file.append({
      type: 'request',
      id,
      time,
      device: deviceId(entry.device),
      user: entry.user ?? '',
      operation: kind,
      request,
    });
    journal.file.append({
      type: 'outcome',
      id,
      time,
      error: `auto-revert ${entry.id} of "${entry.what}" ${detail}`,
    });
  } catch {
    // the pending file holds the outcome too
  }
}

/** Reads all of stdin (the guard's input: one JSON object). */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
