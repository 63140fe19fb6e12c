/**
 * The device family's writes: name, label and notes, DNS, ID LED, telnet, HTTPS, the
 * management IP, rule storage mode, permanent rules mode, group hash, OpenFlow
 * controllers and the reboot.
 */
import { type Client, deviceRequests } from '../api/index.js';
import type { Controller, GroupHash, StorageMode } from '../model/index.js';
import { DEFAULT_INTERVALS, type ResourceKey } from '../store/resources.js';
import { type KindTable, kinded } from './operation.js';

const CONFIG: readonly ResourceKey[] = ['deviceConfig'];
// the header shows the name, the label and the address
const IDENTITY: readonly ResourceKey[] = ['deviceConfig', 'identity'];
const SETTINGS: readonly ResourceKey[] = ['settings'];
/** After a reboot everything may differ (the boot save-point loaded, counters restarted). */
const EVERYTHING = Object.keys(DEFAULT_INTERVALS) as ResourceKey[];

export const deviceKinds = {
  'device.setName': {
    route: 'POST /device/name',
    read: async (c) => ({ name: await c.device.name() }),
  },
  'device.setCustomIdent': {
    route: 'POST /device/customident',
    read: (c) => c.device.customIdent(),
  },
  'device.setNameResolution': {
    route: 'POST /device/nameresolution',
    read: async (c) => ({ dns: await c.device.nameResolution() }),
  },
  'device.setIdLed': {
    route: 'POST /device/idled',
    read: async (c) => ({ activated: await c.device.idLed() }),
  },
  'device.setTelnet': {
    route: 'POST /device/telnet',
    read: async (c) => ({ activated: await c.device.telnet() }),
  },
  'device.setHttps': { route: 'POST /device/https' },
  'device.setIpConfig': {
    route: 'POST /device/ipconfig',
    read: (c) => c.device.ipConfig(),
    readAfter: false,
  },
  'device.setRuleStorageMode': {
    route: 'POST /device/rulestoragemode',
    read: (c) => c.device.ruleStorageMode(),
  },
  'device.setPermanentRulesMode': {
    route: 'POST /device/permanentrulesmode',
    read: async (c) => ({ state: await c.device.permanentRulesMode() }),
  },
  'device.setGroupHash': { route: 'POST /device/grouphash', read: (c) => c.device.groupHash() },
  'device.addController': { route: 'POST /device/controller', read: (c) => c.device.controllers() },
  'device.removeController': {
    route: 'DELETE /device/controller',
    read: (c) => c.device.controllers(),
  },
  'device.reboot': { route: 'POST /device/reboot' },
} satisfies KindTable;

const operation = kinded(deviceKinds);

export const deviceOps = {
  setName: (name: string) =>
    operation('device.setName', deviceRequests.name(name), (c) => c.device.setName(name), IDENTITY),
  setCustomIdent: (name: string, notes: string) =>
    operation(
      'device.setCustomIdent',
      deviceRequests.customIdent(name, notes),
      (c) => c.device.setCustomIdent(name, notes),
      IDENTITY,
    ),
  /** Empty servers are sent as ''; all empty restores the defaults. */
  setNameResolution: (dns1 = '', dns2 = '', dns3 = '') =>
    operation(
      'device.setNameResolution',
      deviceRequests.nameResolution(dns1, dns2, dns3),
      (c) => c.device.setNameResolution(dns1, dns2, dns3),
      CONFIG,
    ),
  setIdLed: (on: boolean) =>
    operation('device.setIdLed', deviceRequests.idLed(on), (c) => c.device.setIdLed(on), CONFIG),
  /** Answers the telnet state the device reports. */
  setTelnet: (on: boolean) =>
    operation('device.setTelnet', deviceRequests.telnet(on), (c) => c.device.setTelnet(on), CONFIG),
  /** The device does not report whether HTTPS is on: nothing to read back. */
  setHttps: (enabled: boolean, sslPassword: string) =>
    operation(
      'device.setHttps',
      deviceRequests.https(enabled, sslPassword),
      (c) => c.device.setHttps(enabled, sslPassword),
      [],
    ),
  /** The current and the stored (boot) management address. */
  setIpConfig: (ip: string, mask: string, gw: string) =>
    operation(
      'device.setIpConfig',
      deviceRequests.ipConfig(ip, mask, gw),
      (c) => c.device.setIpConfig(ip, mask, gw),
      IDENTITY,
    ),
  /** Answers the storage modes now (current and after the next reboot). */
  setRuleStorageMode: (mode: StorageMode) =>
    operation(
      'device.setRuleStorageMode',
      deviceRequests.ruleStorageMode(mode),
      (c) => c.device.setRuleStorageMode(mode),
      ['settings', 'flows', 'rules'],
    ),
  setPermanentRulesMode: (on: boolean) =>
    operation(
      'device.setPermanentRulesMode',
      deviceRequests.permanentRulesMode(on),
      (c) => c.device.setPermanentRulesMode(on),
      SETTINGS,
    ),
  setGroupHash: (hash: GroupHash) =>
    operation(
      'device.setGroupHash',
      deviceRequests.groupHash(hash),
      (c) => c.device.setGroupHash(hash),
      CONFIG,
    ),
  addController: (controller: Controller) =>
    operation(
      'device.addController',
      deviceRequests.addController(controller),
      (c) => c.device.addController(controller),
      CONFIG,
    ),
  removeController: (controller: Controller) =>
    operation(
      'device.removeController',
      deviceRequests.removeController(controller),
      (c) => c.device.removeController(controller),
      CONFIG,
    ),
  /** The device may go down before it answers: that counts as success ('rebooting'). */
  reboot: () =>
    operation('device.reboot', deviceRequests.reboot(), (c) => c.device.reboot(), EVERYTHING),
};

/** The device's name, read right now (a sign of life after a reboot). */
export function readDeviceName(client: Client): Promise<string> {
  return client.device.name();
}
