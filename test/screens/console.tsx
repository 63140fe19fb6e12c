/** Mounts the whole console (frame + screens) on a real simulator, for screen tests. */
import { createClient } from '../../src/api/index.js';
import { startSim, type SimServer } from '../../src/sim/server.js';
import { Poller } from '../../src/store/poller.js';
import type { Session } from '../../src/store/react.js';
import { createConsoleStore } from '../../src/store/store.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { consoleTree } from '../../src/tui/root.js';
import { type Harness, renderTui } from '../harness/render.js';

export const FAST = { stats: 150, log: 150, flows: 300, info: 300, config: 300, environment: 300, system: 300, settings: 300, identity: 2000, access: 1000, sfp: 500, rules: 300 };

export interface Mounted {
  ui: Harness;
  sim: SimServer;
  poller: Poller;
  close(): Promise<void>;
}

export async function mountConsole(
  opts: { columns?: number; rows?: number; screen?: ScreenId; session?: Partial<Session>; user?: string; password?: string; sim?: SimServer } = {},
): Promise<Mounted> {
  const sim = opts.sim ?? (await startSim({ port: 0 }));
  const client = createClient({
    url: sim.url,
    readonly: Boolean(opts.session?.readonly),
    ...(opts.user ? { user: opts.user, password: opts.password ?? '' } : {}),
  });
  const store = createConsoleStore();
  const poller = new Poller(client, store, { intervals: FAST, ...(opts.user ? { user: opts.user } : {}) });
  const session: Session = { url: sim.url, readonly: false, insecure: false, demo: true, ...(opts.user ? { user: opts.user } : {}), ...opts.session };
  const ui = renderTui(consoleTree({ client, store, poller, session }, opts.screen), { columns: opts.columns ?? 100, rows: opts.rows ?? 30 });
  poller.start();
  return {
    ui,
    sim,
    poller,
    close: async () => {
      ui.unmount();
      poller.stop();
      await client.close();
      if (!opts.sim) await sim.close();
    },
  };
}

export const frameLines = (frame: string) => frame.replace(/\n$/, '').split('\n');
