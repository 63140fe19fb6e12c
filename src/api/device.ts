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
import { type ApiRequest, jsonRequest, queryRequest, sendRequest, sendWrite } from './request.js';
import { At, Rec } from './shape.js';
import type { Transport } from './transport.js';

/** The writes of the device family, as data (the client below sends exactly these). */
export const deviceRequests = {
  customIdent: (name: string, notes: string): ApiRequest =>
    queryRequest('POST', '/device/customident', { name, notes }),
  // POST spells it ether_type, GET ethertype.
  groupHash: (h: GroupHash): ApiRequest =>
    queryRequest('POST', '/device/grouphash', {
      macsa: h.macsa,
      macda: h.macda,
      ether_type: h.ethertype,
      ipsa: h.ipsa,
      ipda: h.ipda,
      ip_protocol: h.ip_protocol,
      src_port: h.src_port,
      dst_port: h.dst_port,
    }),
  // The certificate password goes in a JSON body, never in the URL.
  https: (enabled: boolean, sslPassword: string): ApiRequest =>
    jsonRequest('POST', '/device/https', { https_enabled: enabled, ssl_password: sslPassword }),
  idLed: (activated: boolean): ApiRequest => queryRequest('POST', '/device/idled', { activated }),
  ipConfig: (ip: string, mask: string, gw: string): ApiRequest =>
    queryRequest('POST', '/device/ipconfig', { ip, mask, gw }),
  name: (name: string): ApiRequest => queryRequest('POST', '/device/name', { device_name: name }),
  nameResolution: (dns1 = '', dns2 = '', dns3 = ''): ApiRequest =>
    queryRequest('POST', '/device/nameresolution', { dns1, dns2, dns3 }),
  permanentRulesMode: (state: boolean): ApiRequest =>
    queryRequest('POST', '/device/permanentrulesmode', { state }),
  reboot: (): ApiRequest => queryRequest('POST', '/device/reboot'),
  ruleStorageMode: (mode: StorageMode): ApiRequest =>
    queryRequest('POST', '/device/rulestoragemode', { mode }),
  // The spec lists no parameters; `activated` is sent when given.
  telnet: (activated?: boolean): ApiRequest =>
    queryRequest('POST', '/device/telnet', activated === undefined ? {} : { activated }),
  addController: (c: Controller): ApiRequest =>
    queryRequest('POST', '/device/controller', controllerQuery(c)),
  removeController: (c: Controller): ApiRequest =>
    queryRequest('DELETE', '/device/controller', controllerQuery(c)),
};

function controllerQuery(c: Controller) {
  return { connection: c.connection, ip: c.ip, port: c.port };
}

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

  return {
    customIdent: () => get('/device/customident', normalizeCustomIdent),
    setCustomIdent: (name, notes) => sendWrite(t, deviceRequests.customIdent(name, notes)),
    environment: () => get('/device/environment', normalizeEnvironment),
    generation: () => text('/device/generation', 'generation'),
    groupHash: () => get('/device/grouphash', normalizeGroupHash),
    setGroupHash: (h) => sendWrite(t, deviceRequests.groupHash(h)),
    setHttps: (enabled, sslPassword) => sendWrite(t, deviceRequests.https(enabled, sslPassword)),
    idLed: () => flag('/device/idled', 'activated'),
    setIdLed: (activated) => sendWrite(t, deviceRequests.idLed(activated)),
    imageVersion: () => text('/device/imageversion', 'version'),
    ipConfig: () => get('/device/ipconfig', normalizeIpConfig),
    setIpConfig: (ip, mask, gw) => sendWrite(t, deviceRequests.ipConfig(ip, mask, gw)),
    loadAverage: () => get('/device/loadaverage', normalizeLoadAverage),
    memoryUsage: () => get('/device/memoryusage', normalizeMemory),
    model: () => text('/device/model', 'model'),
    name: () => text('/device/name', 'name'),
    setName: (name) => sendWrite(t, deviceRequests.name(name)),
    nameResolution: () => get('/device/nameresolution', normalizeDns),
    setNameResolution: (dns1, dns2, dns3) =>
      sendWrite(t, deviceRequests.nameResolution(dns1, dns2, dns3)),
    permanentRulesMode: () => flag('/device/permanentrulesmode', 'state'),
    setPermanentRulesMode: (state) => sendWrite(t, deviceRequests.permanentRulesMode(state)),
    async reboot() {
      try {
        return await sendWrite(t, deviceRequests.reboot());
      } catch (err) {
        const wentDown =
          err instanceof TimeoutError || (err instanceof ConnectionError && err.kind === 'reset');
        if (wentDown) return 'rebooting';
        throw err;
      }
    },
    ruleStorageMode: () => get('/device/rulestoragemode', normalizeStorageModes),
    async setRuleStorageMode(mode) {
      const r = deviceRequests.ruleStorageMode(mode);
      return normalizeStorageModes(await sendRequest(t, r), `POST ${r.path}`);
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
      const wire = await sendRequest(t, deviceRequests.telnet(activated));
      const state = normalizeOptionalFlag(wire, `POST ${path}`, 'activated');
      return state ?? activated ?? normalizeFlag(wire, `POST ${path}`, 'activated');
    },
    controllers: () => get('/device/controller', normalizeControllers),
    addController: (c) => sendWrite(t, deviceRequests.addController(c)),
    removeController: (c) => sendWrite(t, deviceRequests.removeController(c)),
    dpid: () => get('/device/dpid', normalizeDpid),
    flowNumbers: () => get('/flownumbers', normalizeFlowNumbers),
  };
}
