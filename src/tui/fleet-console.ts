/**
 * The console started with --fleet: a FleetPoller of summaries for the fleet screen (one
 * plain client per device) and, for the device that is open, a full connection and store of
 * its own (made on first open, kept for the next). Enter on the fleet screen switches the
 * whole console — client, poller, store, screens — to that device; `0` returns to the fleet
 * screen, where the open device's poller stops. While a device is open the fleet poller
 * leaves it to its own console (its row is fed from that console's store, fleet-feed.ts), the
 * others are polled slower (FleetPoller.setOpen), and every request of a device's console is
 * charged to the fleet's budget (FleetPoller.charge), so the 10 requests/s hold with it.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import { createClient } from '../api/index.js';
import { FleetContext, type FleetControl } from '../screens/fleet/context.js';
import { FleetPoller, type FleetPollerOptions } from '../store/fleet.js';
import { feedFleetFrom } from '../store/fleet-feed.js';
import type { ConsoleContextValue } from '../store/react.js';
import { createConsoleStore } from '../store/store.js';
import { type ConnectionSettings, openConnection } from './connection.js';
import type { ConsoleView, RunningConsole } from './create-console.js';

export interface FleetMember {
  /** The context name. */
  name: string;
  settings: ConnectionSettings;
}

export interface CreateFleetOptions<V extends ConsoleView> {
  fleet: string;
  members: readonly FleetMember[];
  mount(tree: ReactElement): V | Promise<V>;
  poller?: FleetPollerOptions;
}

export async function createFleetConsole<V extends ConsoleView>(
  options: CreateFleetOptions<V>,
): Promise<RunningConsole<V> & { fleet: FleetPoller }> {
  const { members } = options;
  if (members.length === 0) throw new Error('the fleet has no devices');
  const fleetPoller = new FleetPoller(
    members.map((m) => ({
      name: m.name,
      url: m.settings.url,
      client: createClient({
        url: m.settings.url,
        ...(m.settings.user ? { user: m.settings.user } : {}),
        ...(m.settings.password !== undefined && m.settings.user
          ? { password: m.settings.password }
          : {}),
        ...(m.settings.timeoutMs ? { timeoutMs: m.settings.timeoutMs } : {}),
        ...(m.settings.insecure ? { insecure: true } : {}),
        ...(m.settings.ca ? { ca: m.settings.ca } : {}),
        readonly: true,
      }),
    })),
    options.poller,
  );
  const consoles = new Map<string, ConsoleContextValue>();
  const consoleOf = (name: string): ConsoleContextValue => {
    let c = consoles.get(name);
    if (!c) {
      const m = members.find((x) => x.name === name)!;
      const store = createConsoleStore();
      // its requests come out of the fleet's budget
      const settings = { ...m.settings, onRequest: () => fleetPoller.charge(1) };
      c = { ...openConnection(settings, store), store };
      c.poller.stop();
      consoles.set(name, c);
    }
    return c;
  };
  let currentName = members[0]!.name;
  let current = consoleOf(currentName);
  let view: V | undefined;
  let opened = 0;
  const tree = (screen: 'fleet' | 'overview') =>
    createElement(
      FleetContext.Provider,
      { value: control },
      // a new App per device (and per open): its screen state starts over
      createElement(
        Fragment,
        { key: `${currentName}#${opened}` },
        // loaded with the app (root.js pulls in Ink and the screens)
        consoleTreeOf(current, screen),
      ),
    );
  let consoleTreeOf: (c: ConsoleContextValue, s: 'fleet' | 'overview') => ReactElement;
  // the open device's answers feed its fleet row (it is not polled by the fleet meanwhile)
  let unfeed = () => {};
  let active = false;
  let closed = false;
  /** The current device's console polls (and feeds its row): any screen but the fleet's. */
  const resume = () => {
    if (active || closed) return;
    active = true;
    fleetPoller.setOpen(currentName);
    unfeed = feedFleetFrom(fleetPoller, currentName, current.store);
    current.poller.start();
  };
  /** Back on the fleet screen: the open device is one row again, polled by the fleet. */
  const pause = () => {
    if (!active) return;
    active = false;
    current.poller.stop();
    unfeed();
    unfeed = () => {};
    fleetPoller.setOpen(null);
  };
  const control: FleetControl = {
    fleet: options.fleet,
    poller: fleetPoller,
    current: () => currentName,
    open(name) {
      pause();
      currentName = name;
      current = consoleOf(name);
      opened++;
      resume();
      view?.rerender(tree('overview'));
    },
    // every way off the fleet screen (Enter, or 0 then any screen key) resumes the device's
    // polling; stopping it on the way back and never starting it left the console stale
    shown: (fleetVisible) => (fleetVisible ? pause() : resume()),
  };
  const { consoleTree } = await import('./root.js');
  consoleTreeOf = consoleTree;
  fleetPoller.start();
  view = await options.mount(tree('fleet'));
  const mounted = view;
  return {
    get store() {
      return current.store;
    },
    view: mounted,
    fleet: fleetPoller,
    current: () => current,
    async close() {
      pause();
      closed = true;
      fleetPoller.stop();
      for (const c of consoles.values()) {
        c.poller.stop();
        await c.client.close().catch(() => {});
      }
      await Promise.all(fleetPoller.devices.map((d) => d.client.close().catch(() => {})));
    },
  };
}
