/**
 * The console's connection to the device (client + poller + session), and `reconnect`:
 * after UAC is switched on (new credentials), the management IP moves, HTTPS is enabled
 * or the device reboots, the console opens a new connection, checks that it answers, and
 * only then swaps it in. The old connection stays in use when the new one fails.
 */
import { type Client, type ClientOptions, createClient } from '../api/index.js';
import type { ConsoleOptions } from '../commands/console.js';
import { installJournal, type Journal } from '../ops/journal.js';
import { installLock } from '../ops/lock/read.js';
import { Poller } from '../store/poller.js';
import type { ConsoleContextValue, ReconnectChange, Session } from '../store/react.js';
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleStore } from '../store/store.js';
import { untilAnswered } from './first-answers.js';

/** The console's options as the connection keeps them: the demo as a flag, intervals per resource. */
export type ConnectionSettings = Omit<ConsoleOptions, 'demo' | 'intervals' | 'stdout' | 'stdin'> & {
  demo?: boolean;
  intervals?: Partial<Record<ResourceKey, number>>;
  /** Told of every request sent to the device (each attempt, once it ended): a fleet's budget. */
  onRequest?: () => void;
  /** The poller's clock (the time each answer is committed at); Date.now by default. For tests. */
  now?: () => number;
};

export interface Connection {
  client: Client;
  journal: Journal;
  poller: Poller;
  session: Session;
  clientOptions: ClientOptions;
}

export function openConnection(settings: ConnectionSettings, store: ConsoleStore): Connection {
  const clientOptions: ClientOptions = {
    url: settings.url,
    ...(settings.user ? { user: settings.user } : {}),
    ...(settings.password !== undefined && settings.user ? { password: settings.password } : {}),
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.maxAnswerBytes ? { maxAnswerBytes: settings.maxAnswerBytes } : {}),
    ...(settings.insecure ? { insecure: true } : {}),
    ...(settings.ca ? { ca: settings.ca } : {}),
    readonly: Boolean(settings.readonly),
  };
  const onRequest = settings.onRequest;
  if (onRequest) clientOptions.onLog = () => onRequest();
  const client = createClient(clientOptions);
  // Every write the console sends is journaled (the change pipeline, src/ops/journal.ts):
  // a write sent outside the executor (no operation) is refused, nothing sent.
  const journal = installJournal(client, {
    device: settings.url,
    ...(settings.user ? { user: settings.user } : {}),
  });
  // its writes are refused while another operator holds the device's lock (src/ops/lock);
  // who this console is (OS user, host, the state directory's token) is made when first
  // needed: a write, or the header showing a lock of pbc's (src/ops/lock/read.ts holderNow)
  installLock(client, settings.user ? { login: settings.user } : {});
  const poller = new Poller(client, store, {
    ...(settings.user ? { user: settings.user } : {}),
    ...(settings.intervals ? { intervals: settings.intervals } : {}),
    ...(settings.now ? { now: settings.now } : {}),
  });
  const session: Session = {
    url: settings.url,
    ...(settings.user ? { user: settings.user } : {}),
    readonly: Boolean(settings.readonly),
    insecure: Boolean(settings.insecure),
    demo: Boolean(settings.demo),
  };
  return { client, poller, session, journal, clientOptions };
}

/** The settings after a change: a new user without a password logs in without one. */
export function applyChange(
  settings: ConnectionSettings,
  change: ReconnectChange,
): ConnectionSettings {
  const next: ConnectionSettings = { ...settings };
  if (change.url !== undefined) next.url = change.url;
  if (change.insecure !== undefined) next.insecure = change.insecure;
  if (change.ca !== undefined) {
    if (change.ca === null) delete next.ca;
    else next.ca = change.ca;
  }
  if (change.user !== undefined) {
    if (change.user !== settings.user && !change.keepPassword) delete next.password;
    if (change.user === '') delete next.user;
    else next.user = change.user;
  }
  if (change.password !== undefined) next.password = change.password;
  return next;
}

async function untilIdle(store: ConsoleStore, ms: number): Promise<void> {
  const keys = Object.keys(store.getState().resources) as ResourceKey[];
  await untilAnswered(store, keys, ms);
  if (!keys.some((k) => store.getState().resources[k].inFlight)) return;
  // a request of the old connection never ended: let the new poller ask again
  store.setState((s) => ({
    resources: Object.fromEntries(
      Object.entries(s.resources).map(([k, r]) => [k, { ...r, inFlight: false }]),
    ) as typeof s.resources,
  }));
}

/**
 * A `reconnect` for the context value. `current()` is the value in use; `apply` installs
 * the new one (createConsole re-renders the tree with it).
 */
export function makeReconnect(options: {
  settings: ConnectionSettings;
  store: ConsoleStore;
  current: () => ConsoleContextValue;
  apply: (next: ConsoleContextValue) => void;
  /** Sees each new connection as it is opened. */
  onOpen?: (connection: Connection) => void;
}): (change: ReconnectChange) => Promise<void> {
  let settings = options.settings;
  const reconnect = async (change: ReconnectChange): Promise<void> => {
    const next = applyChange(settings, change);
    const opened = openConnection(next, options.store);
    options.onOpen?.(opened);
    try {
      // Proves the address, the TLS settings and (with UAC on) the credentials.
      await opened.client.users.uac();
    } catch (e) {
      await opened.client.close().catch(() => {});
      throw e;
    }
    const old = options.current();
    const demand = old.poller.demanded();
    old.poller.stop();
    await untilIdle(options.store, (settings.timeoutMs ?? 5000) + 500);
    settings = next;
    options.apply({
      ...old,
      client: opened.client,
      poller: opened.poller,
      session: opened.session,
      clientOptions: opened.clientOptions,
      reconnect,
    });
    opened.poller.setDemand(demand);
    opened.poller.start();
    await old.client.close().catch(() => {});
  };
  return reconnect;
}
