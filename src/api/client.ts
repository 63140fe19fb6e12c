/** The typed device client: one transport (its kept-alive connections) shared by every family. */
import { type AppsApi, appsApi } from './apps.js';
import { type DeviceApi, deviceApi } from './device.js';
import { type LogsApi, logsApi } from './logs.js';
import { type PortsApi, portsApi } from './ports.js';
import { type GroupsApi, groupsApi, type RulesApi, rulesApi } from './rules.js';
import { type SavePointsApi, savepointsApi } from './savepoints.js';
import { Transport, type TransportOptions } from './transport.js';
import { type UsersApi, usersApi } from './users.js';

export type ClientOptions = TransportOptions;

export interface Families {
  rules: RulesApi;
  groups: GroupsApi;
  ports: PortsApi;
  savepoints: SavePointsApi;
  users: UsersApi;
  apps: AppsApi;
  device: DeviceApi;
  logs: LogsApi;
}

export interface Client extends Families {
  readonly readonly: boolean;
  /** The underlying transport, for endpoints the families do not cover. */
  readonly transport: Transport;
  /** Closes the keep-alive connections. */
  close(): Promise<void>;
}

export function createClient(options: ClientOptions): Client {
  const t = new Transport(options);
  return {
    readonly: t.readonly,
    transport: t,
    rules: rulesApi(t),
    groups: groupsApi(t),
    ports: portsApi(t),
    savepoints: savepointsApi(t),
    users: usersApi(t),
    apps: appsApi(t),
    device: deviceApi(t),
    logs: logsApi(t),
    close: () => t.close(),
  };
}

type Invokers = {
  [F in keyof Families]: Partial<Record<keyof Families[F], (api: Families[F]) => Promise<unknown>>>;
};

const SAMPLE_RULE = { priority: 100, match: { in_port: '1' }, actions: ['output:2'] };
const SAMPLE_GROUP = {
  group_id: 1,
  type: 'select' as const,
  buckets: [{ watch_port: '1', actions: ['output:2'] }],
};
const SAMPLE_CONTROLLER = { connection: 'tcp', ip: '192.0.2.1', port: '6653' };
const SAMPLE_HASH = {
  macsa: true,
  macda: true,
  ethertype: false,
  ipsa: true,
  ipda: true,
  ip_protocol: false,
  src_port: false,
  dst_port: false,
};

/**
 * Every method that changes the device (anything but GET), with a sample call. The
 * read-only guard is tested against this table; a test also checks that every method not
 * listed here sends GETs only.
 */
const WRITES: Invokers = {
  rules: {
    add: (a) => a.add(SAMPLE_RULE),
    modify: (a) => a.modify(SAMPLE_RULE),
    remove: (a) => a.remove(SAMPLE_RULE),
    removeAll: (a) => a.removeAll(),
    resetCounters: (a) => a.resetCounters(),
  },
  groups: {
    add: (a) => a.add(SAMPLE_GROUP),
    modify: (a) => a.modify(SAMPLE_GROUP),
    remove: (a) => a.remove(1),
    removeAll: (a) => a.removeAll(),
  },
  ports: {
    setConfig: (a) => a.setConfig('eth-0-1', { shutdown: true }),
  },
  savepoints: {
    activateRules: (a) => a.activateRules('sp'),
    activatePorts: (a) => a.activatePorts('sp'),
    setDefaultRules: (a) => a.setDefaultRules('sp'),
    modifyRules: (a) => a.modifyRules({ old_name: 'sp', new_name: 'sp2' }),
    modifyPorts: (a) => a.modifyPorts({ old_name: 'sp', new_name: 'sp2' }),
    deleteRules: (a) => a.deleteRules('sp'),
    deletePorts: (a) => a.deletePorts('sp'),
    createRules: (a) => a.createRules('sp', 'd'),
    createPorts: (a) => a.createPorts('sp', 'd'),
    quicksave: (a) => a.quicksave(),
  },
  users: {
    add: (a) => a.add({ username: 'u', accesslevel: 1, password: 'p' }),
    modify: (a) => a.modify({ username: 'u', description: 'd' }),
    remove: (a) => a.remove('u'),
    setUac: (a) => a.setUac(true),
    setRadius: (a) =>
      a.setRadius({
        server: 's',
        port: 1812,
        secret: 'x',
        radius_login_level: 1,
        refresh_rate: 60,
      }),
  },
  apps: {
    start: (a) => a.start('app', 'd', {}),
    modify: (a) => a.modify(1, 'd', {}),
    stop: (a) => a.stop(1),
    action: (a) => a.action(1, 'act'),
  },
  device: {
    setCustomIdent: (a) => a.setCustomIdent('n', 'x'),
    setGroupHash: (a) => a.setGroupHash(SAMPLE_HASH),
    setHttps: (a) => a.setHttps(true, 'pw'),
    setIdLed: (a) => a.setIdLed(true),
    setIpConfig: (a) => a.setIpConfig('192.0.2.2', '255.255.255.0', '192.0.2.1'),
    setName: (a) => a.setName('n'),
    setNameResolution: (a) => a.setNameResolution('192.0.2.53'),
    setPermanentRulesMode: (a) => a.setPermanentRulesMode(true),
    reboot: (a) => a.reboot(),
    setRuleStorageMode: (a) => a.setRuleStorageMode('simple'),
    setTelnet: (a) => a.setTelnet(true),
    addController: (a) => a.addController(SAMPLE_CONTROLLER),
    removeController: (a) => a.removeController(SAMPLE_CONTROLLER),
  },
  logs: {
    clear: (a) => a.clear(),
  },
};

export interface WriteMethod {
  /** `family.method`, e.g. `rules.add`. */
  name: string;
  /** Calls the method on `client` with harmless sample arguments. */
  invoke: () => Promise<unknown>;
}

/** Every write method of `client`, ready to call (for proving the read-only guard). */
export function listWriteMethods(client: Families): WriteMethod[] {
  const out: WriteMethod[] = [];
  for (const family of Object.keys(WRITES) as (keyof Families)[]) {
    const table = WRITES[family] as Record<string, (api: unknown) => Promise<unknown>>;
    for (const method of Object.keys(table)) {
      out.push({ name: `${family}.${method}`, invoke: () => table[method]!(client[family]) });
    }
  }
  return out;
}

/** True when `family.method` changes the device. */
export function isWriteMethod(family: keyof Families, method: string): boolean {
  return Object.hasOwn(WRITES[family], method);
}
