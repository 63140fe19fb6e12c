/**
 * Watches one console for writes sent without their confirmation (issue 28, "one
 * confirmation"). The console talks to the simulator through a proxy that tells of each write
 * as it arrives; the console's own state (store/confirmation.ts) tells which confirmation was on
 * screen, what it said it sends (each operation's describe()) and when the operator said yes.
 * A write is in order only when a confirmation answered yes had listed exactly that request
 * (its describe() equals the description of what arrived) and was on screen when answered; each
 * listed request allows one write. Everything else is a problem, with the request's text.
 */
import { parseJson } from '../../src/api/index.js';
import type { Recorded } from '../../src/api/test-server.js';
import { describeRequest } from '../../src/ops/operation.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { writeWatchingProxy } from '../harness/proxy.js';
import { parseQuery } from '../ops/recording-device.js';
import { openConsole, startDevice, type TestConsole } from './admin-console.js';
import type { OpenOptions } from './console-session.js';

const text = (d: readonly [string, string]) => d.filter((s) => s !== '').join(' ');

/** What arrived, described as an operation describes itself. */
export function describeArrived(r: Recorded): string {
  return text(
    describeRequest({
      method: r.method as 'POST',
      path: r.path.replace(/^\/rest/, ''),
      ...(r.query ? { query: parseQuery(r.query) } : {}),
      ...(r.body ? { json: parseJson(r.body) } : {}),
    }),
  );
}

/** A frame's text on one line: borders dropped and spaces collapsed (wrapping aside). */
const flat = (frame: string) =>
  frame
    .replace(/[│╭╮╰╯─┌┐└┘]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export interface WatchedConsole {
  t: TestConsole;
  /** Writes without a confirmation that showed them; confirmations answered off screen. */
  problems: string[];
  /** Writes that arrived, and confirmations answered yes. */
  counts: { writes: number; confirmed: number };
  close(): Promise<void>;
}

/** Opens the console on `screen` behind the watching proxy. */
export async function watchedConsole(
  screen: ScreenId,
  options: OpenOptions = {},
): Promise<WatchedConsole> {
  const sim = await startDevice();
  const problems: string[] = [];
  const counts = { writes: 0, confirmed: 0 };
  /** Requests confirmed and not yet sent. */
  const granted: string[] = [];
  const proxy = await writeWatchingProxy(sim, (r) => {
    counts.writes++;
    const arrived = describeArrived(r);
    const i = granted.indexOf(arrived);
    if (i >= 0) granted.splice(i, 1);
    else
      problems.push(
        `sent without a confirmation that showed it: ${arrived}${granted.length ? ` (confirmed: ${granted.join(' | ')})` : ' (nothing confirmed)'}`,
      );
  });
  const t = await openConsole(screen, { ...options, sim, url: proxy.url });
  const unsubscribe = t.current().store.subscribe((s) => {
    const c = s.confirmation;
    if (c?.answer !== 'yes') return;
    counts.confirmed++;
    const frame = flat(t.h.lastFrame());
    const first = c.requests[0];
    if (!frame.includes(flat(c.title).slice(0, 24)) || (first && !frame.includes(first[0])))
      problems.push(
        `confirmation '${c.title}' was answered while not on screen:\n${t.h.lastFrame()}`,
      );
    for (const r of c.requests) granted.push(text(r));
  });
  return {
    t,
    problems,
    counts,
    async close() {
      unsubscribe();
      await t.close();
      await proxy.close();
      await sim.close();
    },
  };
}
