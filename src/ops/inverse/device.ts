/** Undo of device settings: each set back to what it was; a reboot and HTTPS cannot be. */
import type { Controller, GroupHash, StorageMode } from '../../model/index.js';
import { type deviceKinds, deviceOps } from '../device.js';
import { type InverseTable, type Json, never, SECRET_NOTE, steps } from './common.js';

const controllerOf = (p: Json): Controller => ({
  connection: String(p.connection ?? 'tcp'),
  ip: String(p.ip),
  port: String(p.port),
});

export const deviceInverses: InverseTable<keyof typeof deviceKinds> = {
  'device.setName': ({ before: b }) => steps([deviceOps.setName(b.name)]),
  'device.setCustomIdent': ({ before: b }) => steps([deviceOps.setCustomIdent(b.name, b.notes)]),
  'device.setNameResolution': ({ before: b }) =>
    steps([deviceOps.setNameResolution(b.dns[0] ?? '', b.dns[1] ?? '', b.dns[2] ?? '')]),
  'device.setIdLed': ({ before: b }) => steps([deviceOps.setIdLed(Boolean(b.activated))]),
  'device.setTelnet': ({ before: b }) => steps([deviceOps.setTelnet(Boolean(b.activated))]),
  'device.setHttps': never(`HTTPS was switched with the certificate password: ${SECRET_NOTE}`),
  'device.setIpConfig': ({ before: b }) =>
    steps(
      [deviceOps.setIpConfig(b.current_ip, b.current_netmask, b.current_gateway)],
      `the management address moves back to ${b.current_ip}`,
    ),
  'device.setRuleStorageMode': ({ before: b }) =>
    steps([deviceOps.setRuleStorageMode(b.modeCurrent as StorageMode)]),
  'device.setPermanentRulesMode': ({ before: b }) =>
    steps([deviceOps.setPermanentRulesMode(Boolean(b.state))]),
  'device.setGroupHash': ({ before }) => steps([deviceOps.setGroupHash(before as GroupHash)]),
  'device.addController': ({ params }) => steps([deviceOps.removeController(controllerOf(params))]),
  'device.removeController': ({ params }) => steps([deviceOps.addController(controllerOf(params))]),
  'device.reboot': never('a reboot cannot be undone'),
};
