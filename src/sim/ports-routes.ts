/** /ports: configuration, info, SFP status and counters. */
import { portConfigs, portInfo } from './chassis.js';
import { engineOf } from './engine.js';
import { badRequest } from './errors.js';
import { changePort, PORT_CHANGE_FIELDS } from './ports.js';
import type { Router } from './router.js';
import { sfpStatus } from './sfp.js';

export function registerPorts(router: Router): void {
  router.add('GET', '/ports/config', 'R', ({ state }) => {
    const configs = portConfigs(state.chassis);
    if (!state.quirks) return { port_config: configs };
    // The spec's sample: ifName / mediaType keys.
    return {
      port_config: configs.map(({ if_name, media_type, ...rest }) => ({
        ifName: if_name,
        ...(media_type === undefined ? {} : { mediaType: media_type }),
        ...rest,
      })),
    };
  });

  router.add('POST', '/ports/config', 'W', ({ params, state }) => {
    const ifName = params.requireName('if_name');
    const change: Record<string, unknown> = { if_name: ifName };
    for (const k of PORT_CHANGE_FIELDS) {
      const v =
        k === 'shutdown' || k === 'unidirectional' || k === 'crc_check' || k === 'crc_recalculation'
          ? params.bool(k)
          : params.str(k);
      if (v !== undefined) change[k] = v;
    }
    if (Object.keys(change).length === 1)
      throw badRequest(
        `nothing to change for ${ifName}: give one of ${PORT_CHANGE_FIELDS.join(', ')}`,
      );
    const { pendingReboot } = changePort(state, change as { if_name: string });
    const what = Object.entries(change)
      .filter(([k]) => k !== 'if_name')
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
    state.changed(`ports: ${ifName} ${what}${pendingReboot ? ' (takes effect after reboot)' : ''}`);
  });

  router.add('GET', '/ports/info', 'R', ({ state }) => ({
    result: portInfo(state.chassis).map((p) => ({
      properties: state.quirks ? { ...p, port_no: Number(p.port_no) } : p,
      type: 'object',
    })),
  }));

  router.add('GET', '/ports/sfpstatus', 'R', ({ state }) => ({
    result: sfpStatus(state.chassis, state.now()),
  }));

  router.add(
    'GET',
    '/ports/stats',
    'R',
    ({ state }) => engineOf(state).portStats(state.counterNow()),
    {
      cacheable: true,
    },
  );
}
