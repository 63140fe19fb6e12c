/** The ports family's writes: POST /ports/config for one port. */
import { type Client, type PortConfigChanges, portConfigRequest } from '../api/index.js';
import type { PortConfig } from '../model/index.js';
import { type KindTable, kinded } from './operation.js';

export type { PortConfigChanges };

export const portKinds = {
  'ports.setConfig': {
    route: 'POST /ports/config',
    read: async (c, r) => {
      const name = String(((r.query ?? r.json ?? {}) as Record<string, unknown>).if_name);
      return (await c.ports.config()).find((p) => p.if_name === name) ?? null;
    },
  },
} satisfies KindTable;

const operation = kinded(portKinds);

export const portOps = {
  /** Only the given settings of `ifName` are sent. */
  setConfig: (ifName: string, changes: PortConfigChanges) =>
    operation(
      'ports.setConfig',
      portConfigRequest(ifName, changes),
      (c) => c.ports.setConfig(ifName, changes),
      ['config', 'info', 'stats'],
    ),
};

/** The device's configuration of one port right now; undefined when the read fails. */
export function readPortConfig(client: Client, ifName: string): Promise<PortConfig | undefined> {
  return client.ports
    .config()
    .then((all) => all.find((p) => p.if_name === ifName))
    .catch(() => undefined);
}
