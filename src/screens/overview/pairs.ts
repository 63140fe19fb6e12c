/** The Overview's Device and Modes sections as label/value pairs ('–' for what is not read yet). */
import { percentText, ratioOf } from '../../store/figures.js';
import type { ResourceData } from '../../store/resources.js';
import type { KeyValuePair } from '../../widgets/index.js';

export function devicePairs(
  id: ResourceData['identity'] | undefined,
  system: ResourceData['system'] | undefined,
): KeyValuePair[] {
  const memory = system
    ? `${percentText(ratioOf(system.memory.total - system.memory.free, system.memory.total))}% used of ${Math.round(system.memory.total / 1024)} MiB`
    : '–';
  const load = system
    ? `${system.load.average_1m.toFixed(2)} ${system.load.average_5m.toFixed(2)} ${system.load.average_15m.toFixed(2)}`
    : '–';
  return [
    ['Name', id ? `${id.name} — ${id.ident.name}` : '–'],
    ['Notes', id?.ident.notes ?? '–'],
    ['Model', id ? `${id.model} ${id.generation} s/n ${id.serial}` : '–'],
    ['Firmware', id ? `${id.imageVersion} (${id.serverRevision})` : '–'],
    ['DPID', id?.dpid ?? '–'],
    [
      'Mgmt IP',
      id ? `${id.ip.current_ip}/${id.ip.current_netmask} gw ${id.ip.current_gateway}` : '–',
    ],
    ['Load', load],
    ['Memory', memory],
  ];
}

export function modePairs(
  settings: ResourceData['settings'] | undefined,
  uac: string,
): KeyValuePair[] {
  const storage = settings
    ? `${settings.storage.modeCurrent} (next ${settings.storage.modeNext})`
    : '–';
  const permanent = settings
    ? settings.permanent
      ? 'on: rules survive reboot'
      : 'off: boot save-point'
    : '–';
  return [
    ['Storage', storage],
    ['Permanent', permanent],
    ['UAC', uac],
  ];
}
