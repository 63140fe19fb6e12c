/** The device family: /device/…, /flownumbers. */
import type {
  Controller,
  Environment,
  FlowNumbers,
  GroupHash,
  IpConfig,
  LoadAverage,
  StorageMode,
} from '../model/types.js';
import { ConnectionError, TimeoutError } from './errors.js';
import {
  type CustomIdent,
  type MemoryUsage,
  normalizeControllers,
  normalizeCustomIdent,
  normalizeDns,
  normalizeDpid,
  normalizeEnvironment,
  normalizeFlag,
  normalizeFlowNumbers,
  normalizeGroupHash,
  normalizeIpConfig,
  normalizeLoadAverage,
  normalizeMemory,
  normalizeOptionalFlag,
  normalizeStorageModes,
  normalizeText,
  type StorageModes,
} from './normalize-system.js';
import { At, Rec } from './shape.js';
import type { Transport } from './transport.js';

export interface DeviceApi {
  customIdent(): Promise<CustomIdent>;
  setCustomIdent(name: string, notes: string): Promise<string>;
  environment(): Promise<Environment>;
  generation(): Promise<string>;
  groupHash(): Promise<GroupHash>;
  setGroupHash(hash: GroupHash): Promise<string>;
  /**
   * ssl_password unlocks the certificate/key. It is sent in a JSON body (not the URL), but
   * in plain text over http — use HTTPS where possible.
   */
  setHttps(enabled: boolean, sslPassword: string): Promise<string>;
  idLed(): Promise<boolean>;
  setIdLed(activated: boolean): Promise<string>;
  imageVersion(): Promise<string>;
  ipConfig(): Promise<IpConfig>;
  /** Sets the current and the stored (boot) management address. */
  setIpConfig(ip: string, mask: string, gw: string): Promise<string>;
  loadAverage(): Promise<LoadAverage>;
  memoryUsage(): Promise<MemoryUsage>;
  model(): Promise<string>;
  name(): Promise<string>;
  setName(name: string): Promise<string>;
  nameResolution(): Promise<string[]>;
  /** Empty servers are sent as ''; all empty restores the defaults 8.8.8.8 and 8.8.4.4. */
  setNameResolution(dns1?: string, dns2?: string, dns3?: string): Promise<string>;
  permanentRulesMode(): Promise<boolean>;
  setPermanentRulesMode(state: boolean): Promise<string>;
  /**
   * POST /device/reboot. The device may go down before it answers: a connection reset or a
   * timeout after sending counts as success ('rebooting').
   */
  reboot(): Promise<string>;
  ruleStorageMode(): Promise<StorageModes>;
  setRuleStorageMode(mode: StorageMode): Promise<StorageModes>;
  serialNo(): Promise<string>;
  serverRevision(): Promise<string>;
  telnet(): Promise<boolean>;
  /**
   * POST /device/telnet (the spec lists no parameters; `activated` is sent when given).
   * Returns the state the device reports, else the requested one.
   */
  setTelnet(activated?: boolean): Promise<boolean>;
  controllers(): Promise<Controller[]>;
  addController(controller: Controller): Promise<string>;
  removeController(controller: Controller): Promise<string>;
  dpid(): Promise<string>;
  flowNumbers(): Promise<FlowNumbers>;
}

export function deviceApi(t: Transport): DeviceApi {
  const get = async <T>(path: string, read: (wire: unknown, endpoint: string) => T) =>
    read(await t.request('GET', path), `GET ${path}`);
  const text = (path: string, name: string) =>
    get(path, (wire, endpoint) => normalizeText(wire, endpoint, name));
  const flag = (path: string, name: string) =>
    get(path, (wire, endpoint) => normalizeFlag(wire, endpoint, name));
  const controllerQuery = (c: Controller) => ({ connection: c.connection, ip: c.ip, port: c.port });

  return {
    customIdent: () => get('/device/customident', normalizeCustomIdent),
    setCustomIdent: (name, notes) =>
      t.write('POST', '/device/customident', { query: { name, notes } }),
    environment: () => get('/device/environment', normalizeEnvironment),
    generation: () => text('/device/generation', 'generation'),
    groupHash: () => get('/device/grouphash', normalizeGroupHash),
    setGroupHash: (h) =>
      t.write('POST', '/device/grouphash', {
        // POST spells it ether_type, GET ethertype.
        query: {
          macsa: h.macsa,
          macda: h.macda,
          ether_type: h.ethertype,
          ipsa: h.ipsa,
          ipda: h.ipda,
          ip_protocol: h.ip_protocol,
          src_port: h.src_port,
          dst_port: h.dst_port,
        },
      }),
    setHttps: (enabled, sslPassword) =>
      // The certificate password goes in a JSON body, never in the URL.
      t.write('POST', '/device/https', {
        json: { https_enabled: enabled, ssl_password: sslPassword },
      }),
    idLed: () => flag('/device/idled', 'activated'),
    setIdLed: (activated) => t.write('POST', '/device/idled', { query: { activated } }),
    imageVersion: () => text('/device/imageversion', 'version'),
    ipConfig: () => get('/device/ipconfig', normalizeIpConfig),
    setIpConfig: (ip, mask, gw) => t.write('POST', '/device/ipconfig', { query: { ip, mask, gw } }),
    loadAverage: () => get('/device/loadaverage', normalizeLoadAverage),
    memoryUsage: () => get('/device/memoryusage', normalizeMemory),
    model: () => text('/device/model', 'model'),
    name: () => text('/device/name', 'name'),
    setName: (name) => t.write('POST', '/device/name', { query: { device_name: name } }),
    nameResolution: () => get('/device/nameresolution', normalizeDns),
    setNameResolution: (dns1 = '', dns2 = '', dns3 = '') =>
      t.write('POST', '/device/nameresolution', { query: { dns1, dns2, dns3 } }),
    permanentRulesMode: () => flag('/device/permanentrulesmode', 'state'),
    setPermanentRulesMode: (state) =>
      t.write('POST', '/device/permanentrulesmode', { query: { state } }),
    async reboot() {
      try {
        return await t.write('POST', '/device/reboot');
      } catch (err) {
        const wentDown =
          err instanceof TimeoutError || (err instanceof ConnectionError && err.kind === 'reset');
        if (wentDown) return 'rebooting';
        throw err;
      }
    },
    ruleStorageMode: () => get('/device/rulestoragemode', normalizeStorageModes),
    async setRuleStorageMode(mode) {
      const path = '/device/rulestoragemode';
      return normalizeStorageModes(
        await t.request('POST', path, { query: { mode } }),
        `POST ${path}`,
      );
    },
    // The spec: GET /device/serialno answers {generation: <serial number>}.
    serialNo: () =>
      get('/device/serialno', (wire, endpoint) => {
        const r = new Rec(wire, new At(endpoint));
        const name = ['serial_no', 'serial', 'generation'].find((n) => r.has(n)) ?? 'generation';
        return r.str(name);
      }),
    serverRevision: () => text('/device/serverrevision', 'revision'),
    telnet: () => flag('/device/telnet', 'activated'),
    async setTelnet(activated) {
      const path = '/device/telnet';
      const query = activated === undefined ? {} : { activated };
      const wire = await t.request('POST', path, { query });
      const state = normalizeOptionalFlag(wire, `POST ${path}`, 'activated');
      return state ?? activated ?? normalizeFlag(wire, `POST ${path}`, 'activated');
    },
    controllers: () => get('/device/controller', normalizeControllers),
    addController: (c) => t.write('POST', '/device/controller', { query: controllerQuery(c) }),
    removeController: (c) => t.write('DELETE', '/device/controller', { query: controllerQuery(c) }),
    dpid: () => get('/device/dpid', normalizeDpid),
    flowNumbers: () => get('/flownumbers', normalizeFlowNumbers),
  };
}
