/**
 * "Is this port up": one rule for the rule checks, the packet trace, the load model and the
 * traffic impact (issue 28). From the spec (docs: rest-service.md):
 *
 * - `shutdown` (GET /ports/config) is the administrative setting, and `admin_status`
 *   (GET /ports/info) reports it: POST /ports/config shutdown=true moves the port to
 *   PORT_DOWN, shutdown=false to PORT_UP. The two describe one state, so a port is SHUT DOWN
 *   when either says so (they differ only between a write and the next read of the other);
 * - `link_status` is the physical link (LINK_UP / LINK_DOWN), a separate fact: a port that is
 *   not shut down may still have no link;
 * - a port is UP — it sends and receives — when it is not shut down and its link is up. When
 *   the link is not known (no /ports/info), the port is not said to be down for it.
 *
 * The spec's `unidirectional` (TX forced up regardless of link) is not modelled here, nor by
 * the simulator's forwarding: a unidirectional port without link counts as down.
 */
import type { PortConfig, PortInfo } from './types.js';

type Admin = Pick<PortInfo, 'admin_status'> | undefined;
type Link = Pick<PortInfo, 'admin_status' | 'link_status'> | undefined;
type Setting = Pick<PortConfig, 'shutdown'> | undefined;

/** Shut down: the configuration says so, or the device reports the port PORT_DOWN. */
export function portShutdown(info: Admin, config: Setting): boolean {
  return config?.shutdown === true || info?.admin_status === 'PORT_DOWN';
}

/** Up: not shut down, and the link is up (or not known). */
export function portUp(info: Link, config: Setting): boolean {
  return !portShutdown(info, config) && (info === undefined || info.link_status === 'LINK_UP');
}

/** A numbered port of the device with its state. */
export interface PortState {
  no: number;
  name: string;
  shutdown: boolean;
  up: boolean;
}

/** The numbered ports of GET /ports/info, each with its state (/ports/config when known). */
export function portStates(
  info: readonly PortInfo[] | undefined,
  config: readonly PortConfig[] | undefined,
): PortState[] {
  const byName = new Map((config ?? []).map((c) => [c.if_name, c]));
  return (info ?? [])
    .filter((p) => /^\d+$/.test(p.port_no))
    .map((p) => {
      const c = byName.get(p.if_name);
      return {
        no: Number(p.port_no),
        name: p.if_name,
        shutdown: portShutdown(p, c),
        up: portUp(p, c),
      };
    });
}
