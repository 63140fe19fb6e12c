/**
 * Mounts the whole console on a simulator for the Rules and Groups screen tests, and
 * records every write request the console's client sends (method, path, parameters).
 */

import { afterEach } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { Poller } from '../../src/store/poller.js';
import type { Session } from '../../src/store/react.js';
import type { ResourceKey } from '../../src/store/resources.js';
import { createConsoleStore } from '../../src/store/store.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { consoleTree } from '../../src/tui/root.js';
import { cleanup, type Harness, renderTui } from '../harness/render.js';

export interface SentWrite {
  method: string;
  path: string;
  query?: unknown;
  json?: unknown;
}

export interface RulesConsole {
  ui: Harness;
  sim: SimServer;
  /** A separate client for setting up and checking the device. */
  admin: Client;
  /** Writes the console sent, in order. */
  sent: SentWrite[];
  /** Presses keys one after another (each waits for its frame). */
  keys(...keys: string[]): Promise<void>;
  /** Types text one character per key press. */
  type(text: string): Promise<void>;
  close(): Promise<void>;
}

const FAST: Partial<Record<ResourceKey, number>> = {
  identity: 2000,
  access: 300,
  settings: 300,
  flows: 300,
  info: 500,
  config: 500,
  rules: 300,
  groups: 300,
};

export async function mountRules(
  opts: {
    screen?: ScreenId;
    columns?: number;
    rows?: number;
    readonly?: boolean;
    user?: string;
    password?: string;
    sim?: SimServer;
  } = {},
): Promise<RulesConsole> {
  const sim = opts.sim ?? (await startSim({ port: 0, host: '127.0.0.1' }));
  const admin = createClient({ url: sim.url, user: 'admin', password: 'admin' });
  const client = createClient({
    url: sim.url,
    readonly: Boolean(opts.readonly),
    ...(opts.user ? { user: opts.user, password: opts.password ?? '' } : {}),
  });
  const sent: SentWrite[] = [];
  const request = client.transport.request.bind(client.transport);
  client.transport.request = (method, path, o = {}) => {
    if (method !== 'GET')
      sent.push({
        method,
        path,
        ...(o.query ? { query: structuredClone(o.query) } : {}),
        ...(o.json ? { json: structuredClone(o.json) } : {}),
      });
    return request(method, path, o);
  };
  const store = createConsoleStore();
  const poller = new Poller(client, store, {
    intervals: FAST,
    ...(opts.user ? { user: opts.user } : {}),
  });
  const session: Session = {
    url: sim.url,
    readonly: Boolean(opts.readonly),
    insecure: false,
    demo: true,
    ...(opts.user ? { user: opts.user } : {}),
  };
  const ui = renderTui(consoleTree({ client, store, poller, session }, opts.screen ?? 'rules'), {
    columns: opts.columns ?? 100,
    rows: opts.rows ?? 30,
  });
  poller.start();
  return {
    ui,
    sim,
    admin,
    sent,
    async keys(...keys) {
      for (const k of keys) await ui.press(k);
    },
    async type(text) {
      for (const ch of text) await ui.press(ch);
    },
    async close() {
      ui.unmount();
      poller.stop();
      await client.close();
      await admin.close();
      if (!opts.sim) await sim.close();
    },
  };
}

/** `mount` for the tests of one file: each mounted console is closed after its test. */
export function rulesMountPerTest(): typeof mountRules {
  let mounted: RulesConsole | undefined;
  afterEach(async () => {
    await mounted?.close();
    mounted = undefined;
    cleanup();
  });
  return async (opts) => {
    mounted = await mountRules(opts);
    return mounted;
  };
}

export const CTRL_S = '\u0013';
export const CTRL_F = '\u0006';
export const CTRL_U = '\u0015';
