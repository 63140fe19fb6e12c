/**
 * What the console polls: each resource is one or a few GETs with its own interval. A
 * screen declares the resources it needs; only those (plus the header's) are polled.
 */
import { type Client, ForbiddenError } from '../api/index.js';
import type { Rule } from '../model/index.js';
import { ruleSharer } from './share-rules.js';

export const DEFAULT_INTERVALS = {
  identity: 60_000,
  access: 15_000,
  settings: 10_000,
  flows: 5_000,
  environment: 10_000,
  system: 5_000,
  stats: 2_000,
  // GET /ports/info is expensive on real devices: poll it slowly.
  info: 10_000,
  config: 10_000,
  sfp: 30_000,
  log: 2_000,
  rules: 5_000,
  groups: 5_000,
  // Save-points, users, apps, device settings (screens 5, 7, 8, 9).
  savepoints: 10_000,
  users: 10_000,
  radius: 30_000,
  apps: 30_000,
  running: 5_000,
  deviceConfig: 10_000,
} as const;

export type ResourceKey = keyof typeof DEFAULT_INTERVALS;

// savepoints: the header shows the device's lock (a rule save-point, src/ops/lock) on every screen
export const HEADER_RESOURCES: readonly ResourceKey[] = [
  'identity',
  'access',
  'flows',
  'savepoints',
];

async function identity(c: Client) {
  const [name, model, generation, serial, imageVersion, serverRevision, dpid, ident, ip] =
    await Promise.all([
      c.device.name(),
      c.device.model(),
      c.device.generation(),
      c.device.serialNo(),
      c.device.imageVersion(),
      c.device.serverRevision(),
      c.device.dpid(),
      c.device.customIdent(),
      c.device.ipConfig(),
    ]);
  return { name, model, generation, serial, imageVersion, serverRevision, dpid, ident, ip };
}

/** UAC state and, with UAC on, the level of the account pbc uses. */
async function access(c: Client, user: string | undefined) {
  const uac = await c.users.uac();
  if (!uac || !user) return { uac, level: null as number | null };
  const users = await c.users.list();
  return { uac, level: users.find((u) => u.username === user)?.accesslevel ?? null };
}

async function settings(c: Client) {
  const [storage, permanent] = await Promise.all([
    c.device.ruleStorageMode(),
    c.device.permanentRulesMode(),
  ]);
  return { storage, permanent };
}

/** GET /users/radius needs SUPER: null (not an error) when this account may not read it. */
async function radius(c: Client) {
  try {
    return await c.users.radius();
  } catch (e) {
    if (e instanceof ForbiddenError) return null;
    throw e;
  }
}

/** The device settings screen 9 edits (storage mode, permanent mode and LED are in `settings`). */
async function deviceConfig(c: Client) {
  const [ident, name, ip, dns, telnet, idLed, controllers, hash] = await Promise.all([
    c.device.customIdent(),
    c.device.name(),
    c.device.ipConfig(),
    c.device.nameResolution(),
    c.device.telnet(),
    c.device.idLed(),
    c.device.controllers(),
    c.device.groupHash(),
  ]);
  return { ident, name, ip, dns, telnet, idLed, controllers, hash };
}

async function system(c: Client) {
  const [load, memory] = await Promise.all([c.device.loadAverage(), c.device.memoryUsage()]);
  return { load, memory };
}

export function fetchers(user: string | undefined) {
  // the last rule list answered: the next one takes its unchanged rules and parts (share-rules.ts)
  let lastRules: Rule[] | undefined;
  return {
    identity,
    access: (c: Client) => access(c, user),
    settings,
    flows: (c: Client) => c.device.flowNumbers(),
    environment: (c: Client) => c.device.environment(),
    system,
    stats: (c: Client) => c.ports.stats(),
    info: (c: Client) => c.ports.info(),
    config: (c: Client) => c.ports.config(),
    sfp: (c: Client) => c.ports.sfp(),
    log: (c: Client) => c.logs.get(),
    rules: async (c: Client) => {
      const list = await c.rules.list(ruleSharer(lastRules));
      lastRules = list.rules;
      return list;
    },
    groups: (c: Client) => c.groups.list(),
    savepoints: (c: Client) => c.savepoints.list(),
    users: (c: Client) => c.users.list(),
    radius,
    apps: (c: Client) => c.apps.list(),
    running: (c: Client) => c.apps.running(),
    deviceConfig,
  } satisfies Record<ResourceKey, (c: Client) => Promise<unknown>>;
}

export type Fetchers = ReturnType<typeof fetchers>;
export type ResourceData = { [K in ResourceKey]: Awaited<ReturnType<Fetchers[K]>> };
