/**
 * The open device's row on the fleet screen, fed from that device's own console store: while
 * a device is open its console polls it and the fleet poller does not (FleetPoller.setOpen),
 * so the answers the console gets (the resources the fleet shows) and its failures are
 * passed on to the fleet's summary of it.
 */
import { FLEET_KEYS, type FleetData, type FleetKey, type FleetPoller } from './fleet.js';
import type { ResourceData } from './resources.js';
import type { ConsoleState, ConsoleStore } from './store.js';

/** A console resource as the fleet keeps it. */
export function fleetValue<K extends FleetKey>(key: K, data: ResourceData[K]): FleetData[K] {
  if (key === 'identity') {
    const id = data as ResourceData['identity'];
    return {
      name: String(id.name),
      model: String(id.model),
      firmware: String(id.imageVersion),
    } as FleetData[K];
  }
  if (key === 'rules') return (data as ResourceData['rules']).rules as FleetData[K];
  return data as unknown as FleetData[K];
}

/**
 * Passes on every answer and failure of `store` newer than now to `poller` as device
 * `name`'s; returns the unsubscribe. Answers the store held before (an earlier open) are
 * not passed on: the fleet's own may be newer.
 */
export function feedFleetFrom(
  poller: FleetPoller,
  name: string,
  store: ConsoleStore,
  now: () => number = Date.now,
): () => void {
  const since = now();
  const seen = new Map<FleetKey, number>();
  let failedAt = since;
  const push = (state: ConsoleState) => {
    for (const key of FLEET_KEYS) {
      const r = state.resources[key];
      const at = r.updatedAt;
      if (r.data === undefined || at === undefined || at < since || seen.get(key) === at) continue;
      seen.set(key, at);
      poller.record(name, key, fleetValue(key, r.data as never), at);
    }
    const e = state.lastError;
    if (e && e.at > failedAt) {
      failedAt = e.at;
      poller.recordError(name, e.message, e.at);
    }
  };
  push(store.getState());
  return store.subscribe(push);
}
