/**
 * Fault drills: the whole console (same connection and reconnect code as `pbc`) against a
 * simulated device whose faults are set through its control endpoints (/_sim). Every
 * resource polls at INTERVAL, so "recovered within two poll intervals" is measurable.
 *
 * Each drill checks the same things: keys still work while the device misbehaves, the
 * header says stale/down with the data's age, one status line gives the last error, the
 * console recovers by itself when the device answers again, and no write was sent. The
 * fault drills share that sequence through failEveryRequest, assertFaultShown,
 * waitForHeader, clearFaultAndRecover and assertRecovers (at the end of this file).
 */
import { afterEach, expect } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';
import type { ConsoleContextValue } from '../../src/store/react.js';
import { DEFAULT_INTERVALS, type ResourceKey } from '../../src/store/resources.js';
import type { ConsoleStore } from '../../src/store/store.js';
import type { ConnectionSettings } from '../../src/tui/connection.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { mountTestConsole } from '../harness/console.js';
import { cleanup, type Harness } from '../harness/render.js';

/** Every resource's poll interval in the drills, ms. */
export const INTERVAL = 400;
/**
 * The target for a key's frame (help opens within it): a figure the drills print and
 * bench/ measures, never asserted here — the machine is shared.
 */
export const PROMPT_MS = 1000;
/** Allowance on top of two poll intervals: a request, its commit and a frame (a target too). */
export const SLACK_MS = 600;
/**
 * How long a drill waits for an event before it fails: long, since a loaded machine is slow.
 * It bounds a wait, it is no speed target: what must come "within two polls" is counted in polls.
 */
export const EVENT_MS = 15_000;

const ALL: Partial<Record<ResourceKey, number>> = Object.fromEntries(
  Object.keys(DEFAULT_INTERVALS).map((k) => [k, INTERVAL]),
);

export interface Drill {
  ui: Harness;
  sim: SimServer;
  store: ConsoleStore;
  current(): ConsoleContextValue;
  /** POST to the simulator's fault control (/_sim/fault, /_sim/reboot, /_sim/log). */
  control(path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Non-GET /rest requests that reached the device so far (GET /_sim/status `writes`). */
  writes(): Promise<number>;
  close(): Promise<void>;
}

export async function openDrill(
  screen: ScreenId,
  options: {
    timeoutMs?: number;
    columns?: number;
    rows?: number;
    sim?: SimServer;
    /** Overrides of INTERVAL for some resources. */
    intervals?: Partial<Record<ResourceKey, number>>;
  } = {},
): Promise<Drill> {
  const sim = options.sim ?? (await startSim({ port: 0, host: '127.0.0.1', seed: 7 }));
  const settings: ConnectionSettings = {
    url: sim.url,
    timeoutMs: options.timeoutMs ?? 1000,
    intervals: { ...ALL, ...options.intervals },
    readonly: false,
  };
  const mounted = await mountTestConsole({
    settings,
    screen,
    columns: options.columns ?? 100,
    rows: options.rows ?? 30,
  });
  const { ui, store } = mounted;
  const control = async (path: string, body?: unknown) => {
    const res = await sim.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: path,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const drill: Drill = {
    ui,
    sim,
    store,
    current: mounted.current,
    control,
    writes: async () => (await control('/_sim/status')).writes as number,
    async close() {
      if (!open.delete(drill)) return; // closed already
      await mounted.close();
      if (!options.sim) await sim.close();
    },
  };
  open.add(drill);
  return drill;
}

const open = new Set<Drill>();
afterEach(async () => {
  for (const d of [...open]) await d.close();
  cleanup();
});

/**
 * The header's connection word, e.g. '● live', '◌ stale 3s', '✖ down (data 2s old)',
 * '✖ auth: 401 — :login', '↻ rebooting'.
 */
export function connectionWord(frame: string): string {
  const first = frame.split('\n')[0] ?? '';
  return (
    first.match(
      /(● live|◌ connecting|◌ stale \d+s|✖ down(?: \(data \d+s old\))?|✖ auth: \S+ — :login|↻ rebooting(?: \d+s)?|‖ paused)\s*$/,
    )?.[1] ?? ''
  );
}

/** The status bar's second line when it is an error ('! …'), else undefined. */
export function statusError(frame: string): string | undefined {
  const lines = frame.replace(/\n$/, '').split('\n');
  const last = lines.at(-1) ?? '';
  return last.startsWith('! ') ? last : undefined;
}

export const isLive = (f: string) => connectionWord(f) === '● live' && statusError(f) === undefined;

/** Live, with the header's data (device name, TCAM) and `text` of the screen shown. */
export function ready(drill: Drill, text: string): Promise<string> {
  return drill.ui.waitFor(
    (f) => isLive(f) && f.includes('pb-lab-01') && /TCAM \d+\/\d+/.test(f) && f.includes(text),
    8000,
  );
}

/**
 * The console answers keys while the device misbehaves: `?` opens help, Esc closes it (each
 * key handled and its frame drawn). Returns the slower of the two, ms: a figure it prints
 * (bench/ holds the target, PROMPT_MS), not asserted — a loaded machine is slow.
 */
export async function assertResponsive(ui: Harness): Promise<number> {
  const t0 = performance.now();
  ui.write('?');
  await ui.waitFor((f) => f.includes('Help —'), EVENT_MS);
  const open = performance.now() - t0;
  const t1 = performance.now();
  ui.write('\u001B');
  await ui.waitFor((f) => !f.includes('Help —'), EVENT_MS);
  const ms = Math.max(open, performance.now() - t1);
  console.log(
    `[drill] keys: ? opened help in ${Math.round(open)} ms, Esc closed it in ${Math.round(performance.now() - t1)} ms`,
  );
  return ms;
}

/**
 * The status line gives the last error as one line: the frame's last line starts with '!',
 * and the message itself has no line breaks and no stack trace. Returns the message.
 */
export function assertOneLineError(drill: Drill, frame: string): string {
  const line = statusError(frame);
  expect(line).toBeDefined();
  const message = drill.store.getState().lastError?.message ?? '';
  expect(message).not.toMatch(/\n|\bat .+:\d+:\d+|Error:/);
  console.log(`[drill] status line: ${message}`);
  return message;
}

/**
 * Waits until the console is live again; returns ms since `since` (performance.now()). `bound`
 * is the target the figure is printed against, never a condition: the wait fails only after
 * RECOVERY_FAIL_MS, whatever the target.
 */
export async function recovery(ui: Harness, since: number, bound: number): Promise<number> {
  await ui.waitFor(isLive, RECOVERY_FAIL_MS);
  const ms = performance.now() - since;
  // printed so docs/reliability.md can quote measured values
  console.log(`[drill] recovered in ${Math.round(ms)} ms (bound ${bound} ms)`);
  return ms;
}

/** How long a drill waits for the console to be live again before it fails (no target). */
const RECOVERY_FAIL_MS = 3 * EVENT_MS;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the sequence the fault drills share: inject → shown → keys → clear → recover ----------

/** The header's connection word while the device does not answer: down, with the data's age. */
export const DOWN = /^✖ down \(data \d+s old\)$/;
/** … while it answers with errors: stale, with the data's age. */
export const STALE = /^◌ stale \d+s$/;
/** Recovery bound once the device answers again: two poll intervals and the slack. */
export const RECOVERY_MS = 2 * INTERVAL + SLACK_MS;

/** From now on every request fails this way, until clearFaultAndRecover. */
export function failEveryRequest(drill: Drill, mode: 'reset' | '500' | 'hang') {
  return drill.control('/_sim/fault', { fail_next: 1_000_000, fail_next_mode: mode });
}

export interface FaultShown {
  /** The header's connection word to wait for: DOWN or STALE. */
  header: RegExp;
  /** Wait for an error on the status line too (a stale header alone does not say why). */
  withError?: boolean;
  /** How long to wait for it, ms. */
  within: number;
  /** Text of the screen that must still be shown: the data is kept. */
  keeps: string;
  /** What the status line's error must say. */
  error: RegExp;
}

/**
 * The console shows the fault: waits for the header word, then asserts that the screen
 * still shows `keeps` and that the status line gives `error` as one line. Returns the frame.
 */
export async function assertFaultShown(drill: Drill, shown: FaultShown): Promise<string> {
  const frame = await drill.ui.waitFor(
    (f) =>
      shown.header.test(connectionWord(f)) && (!shown.withError || statusError(f) !== undefined),
    shown.within,
  );
  expect(frame).toContain(shown.keeps);
  expect(statusError(frame)).toMatch(shown.error);
  assertOneLineError(drill, frame);
  return frame;
}

/** Waits until the header's connection word matches `word` (e.g. the data's age grew). */
export function waitForHeader(drill: Drill, word: RegExp, ms: number): Promise<string> {
  return drill.ui.waitFor((f) => word.test(connectionWord(f)), ms);
}

/** Requests started so far, per resource (the poller's count). */
export function pollsStarted(drill: Drill): Map<ResourceKey, number> {
  return new Map(drill.current().poller.started);
}

/**
 * Polls started since `before` by the resource polled most since then: the heartbeat, which
 * never backs off (src/store/poller.ts).
 */
export function pollsSince(drill: Drill, before: Map<ResourceKey, number>): number {
  let most = 0;
  for (const [key, n] of drill.current().poller.started)
    most = Math.max(most, n - (before.get(key) ?? 0));
  return most;
}

/**
 * The console is live again by itself; prints how long it took after `since`
 * (performance.now()) against `bound` — a figure, not asserted (a loaded machine is slow).
 */
export async function assertRecovers(drill: Drill, since: number, bound = RECOVERY_MS) {
  await recovery(drill.ui, since, bound);
  expect(isLive(drill.ui.lastFrame())).toBe(true);
}

/**
 * Ends the fault injection, then the console is live again within two polls of the heartbeat
 * (one may have been under way when the fault ended: three started at most), counted in polls,
 * not in ms; the time it took is printed.
 */
export async function clearFaultAndRecover(drill: Drill, bound = RECOVERY_MS) {
  const t = performance.now();
  const before = pollsStarted(drill);
  await drill.control('/_sim/fault', { fail_next: 0 });
  await assertRecovers(drill, t, bound);
  expect(pollsSince(drill, before)).toBeLessThanOrEqual(3);
}
