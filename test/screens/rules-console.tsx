/**
 * Mounts the whole console on a simulator for the Rules and Groups screen tests, and
 * records every write request the console's client sends (method, path, parameters).
 */

import { afterEach } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import type { ResourceKey } from '../../src/store/resources.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { mountTestConsole } from '../harness/console.js';
import { cleanup, type Harness } from '../harness/render.js';

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
  const sent: SentWrite[] = [];
  // every write the console's client sends (its first connection's and any reconnect's)
  const record = (client: Client) => {
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
  };
  const mounted = await mountTestConsole({
    settings: {
      url: sim.url,
      readonly: Boolean(opts.readonly),
      demo: true,
      intervals: FAST,
      ...(opts.user ? { user: opts.user, password: opts.password ?? '' } : {}),
    },
    screen: opts.screen ?? 'rules',
    columns: opts.columns ?? 100,
    rows: opts.rows ?? 30,
    onConnection: (c) => record(c.client),
  });
  const ui = mounted.ui;
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
      await mounted.close();
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
