/**
 * `pbc get TARGET`: one target per GET endpoint of the spec (plus `ports`, which merges
 * config, info and counters per port, and `device`, which gathers the identity).
 * The data printed with -o json/yaml is what `views.ts` renders as a table.
 */
import type { Client } from '../api/index.js';
import { UsageError } from '../model/errors.js';
import { HIDDEN_SECRET, maskedParams } from '../model/secrets.js';
import { mergePorts } from './merged-ports.js';
import type { Run } from './run.js';

type Fetch = (c: Client, run: Run) => Promise<unknown>;

export interface Target {
  name: string;
  aliases: string[];
  /** The endpoints read, for help and docs. */
  endpoints: string;
  fetch: Fetch;
}

const T = (name: string, endpoints: string, fetch: Fetch, aliases: string[] = []): Target => ({
  name,
  aliases,
  endpoints,
  fetch,
});

async function device(c: Client) {
  const d = c.device;
  const [name, model, generation, serial, image, revision, dpid, ident, led, telnet, perm, mode] =
    await Promise.all([
      d.name(),
      d.model(),
      d.generation(),
      d.serialNo(),
      d.imageVersion(),
      d.serverRevision(),
      d.dpid(),
      d.customIdent(),
      d.idLed(),
      d.telnet(),
      d.permanentRulesMode(),
      d.ruleStorageMode(),
    ]);
  return {
    name,
    model,
    generation,
    serial,
    image_version: image,
    server_revision: revision,
    dpid,
    custom_ident: ident,
    id_led: led,
    telnet,
    permanent_rules: perm,
    storage_mode: { current: mode.modeCurrent, next: mode.modeNext },
  };
}

export const TARGETS: Target[] = [
  T('rules', 'GET /rules/all', (c) => c.rules.list().then((l) => l.rules), ['rule']),
  T('groups', 'GET /groups/all', (c) => c.groups.list(), ['group']),
  T(
    'ports',
    'GET /ports/config + /ports/info + /ports/stats',
    async (c) => {
      const [config, info, stats] = await Promise.all([
        c.ports.config(),
        c.ports.info(),
        c.ports.stats(),
      ]);
      return mergePorts(config, info, stats);
    },
    ['port'],
  ),
  T('config', 'GET /ports/config', (c) => c.ports.config(), ['port-config']),
  T('info', 'GET /ports/info', (c) => c.ports.info(), ['port-info']),
  T('stats', 'GET /ports/stats', (c) => c.ports.stats(), ['counters', 'port-stats']),
  T('sfp', 'GET /ports/sfpstatus', async (c) => ({ report: await c.ports.sfp() }), ['sfpstatus']),
  T('savepoints', 'GET /savepoints', (c) => c.savepoints.list(), ['savepoint', 'sp']),
  T('users', 'GET /users', (c) => c.users.list(), ['user']),
  T('uac', 'GET /users/uac', async (c) => ({ uac: await c.users.uac() })),
  T('radius', 'GET /users/radius', async (c, run) => {
    const r = await c.users.radius();
    if (!run.g.showSecrets && r.secret !== '') r.secret = HIDDEN_SECRET;
    return r;
  }),
  T('apps', 'GET /apps', (c) => c.apps.list(), ['app']),
  T(
    'running',
    'GET /apps/running',
    async (c, run) => {
      const instances = await c.apps.running();
      if (run.g.showSecrets) return instances;
      return instances.map((i) => ({ ...i, params: maskedParams(i.params) }));
    },
    ['instances'],
  ),
  T('device', 'GET /device/{name,model,generation,serialno,imageversion,…}', device),
  T('ident', 'GET /device/customident', (c) => c.device.customIdent(), ['customident']),
  T('environment', 'GET /device/environment', (c) => c.device.environment(), ['env']),
  T('generation', 'GET /device/generation', async (c) => ({
    generation: await c.device.generation(),
  })),
  T('hash', 'GET /device/grouphash', (c) => c.device.groupHash(), ['grouphash']),
  T('idled', 'GET /device/idled', async (c) => ({ idled: await c.device.idLed() }), ['led']),
  T(
    'version',
    'GET /device/imageversion',
    async (c) => ({ version: await c.device.imageVersion() }),
    ['imageversion'],
  ),
  T('ipconfig', 'GET /device/ipconfig', (c) => c.device.ipConfig(), ['ip']),
  T('load', 'GET /device/loadaverage', (c) => c.device.loadAverage(), ['loadaverage']),
  T('memory', 'GET /device/memoryusage', (c) => c.device.memoryUsage(), ['memoryusage']),
  T('model', 'GET /device/model', async (c) => ({ model: await c.device.model() })),
  T('name', 'GET /device/name', async (c) => ({ name: await c.device.name() })),
  T('dns', 'GET /device/nameresolution', async (c) => ({ dns: await c.device.nameResolution() }), [
    'nameresolution',
  ]),
  T(
    'permanent',
    'GET /device/permanentrulesmode',
    async (c) => ({ permanent_rules: await c.device.permanentRulesMode() }),
    ['permanentrulesmode', 'permanent-rules'],
  ),
  T(
    'storage',
    'GET /device/rulestoragemode',
    async (c) => {
      const m = await c.device.ruleStorageMode();
      return { current: m.modeCurrent, next: m.modeNext };
    },
    ['rulestoragemode', 'storage-mode'],
  ),
  T('serial', 'GET /device/serialno', async (c) => ({ serial: await c.device.serialNo() }), [
    'serialno',
  ]),
  T(
    'revision',
    'GET /device/serverrevision',
    async (c) => ({ revision: await c.device.serverRevision() }),
    ['serverrevision'],
  ),
  T('telnet', 'GET /device/telnet', async (c) => ({ telnet: await c.device.telnet() })),
  T('controllers', 'GET /device/controller', (c) => c.device.controllers(), ['controller']),
  T('dpid', 'GET /device/dpid', async (c) => ({ dpid: await c.device.dpid() })),
  T('flows', 'GET /flownumbers', (c) => c.device.flowNumbers(), ['flownumbers']),
  T('log', 'GET /weblog', (c) => c.logs.get(), ['logs', 'weblog']),
];

function findTarget(name: string): Target {
  const n = name.toLowerCase();
  const t = TARGETS.find((x) => x.name === n || x.aliases.includes(n));
  if (!t) {
    throw new UsageError(
      `unknown target '${name}' (one of: ${TARGETS.map((x) => x.name).join(', ')})`,
    );
  }
  return t;
}

/** `pbc get TARGET`. */
export async function get(run: Run, _opts: unknown, name: string): Promise<void> {
  const target = findTarget(name);
  const c = await run.client();
  const data = await target.fetch(c, run);
  await run.print(data, async () => (await import('./views.js')).render(target.name, data));
}
