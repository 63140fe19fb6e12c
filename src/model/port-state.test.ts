import { describe, expect, it } from 'vitest';
import { portShutdown, portStates, portUp } from './port-state.js';
import type { PortConfig, PortInfo } from './types.js';

const info = (no: string, admin: string, link: string): PortInfo => ({
  port_no: no,
  if_name: `eth-0-${no}`,
  admin_status: admin,
  link_status: link,
  duplex: '',
  mac_addr: '',
  speed: '10G (auto)',
});
const cfg = (no: string, shutdown: boolean) => ({ if_name: `eth-0-${no}`, shutdown }) as PortConfig;

describe('port state', () => {
  it('is up only when not shut down and the link is up', () => {
    expect(portUp(info('1', 'PORT_UP', 'LINK_UP'), cfg('1', false))).toBe(true);
    expect(portUp(info('1', 'PORT_UP', 'LINK_DOWN'), cfg('1', false))).toBe(false);
    expect(portUp(info('1', 'PORT_DOWN', 'LINK_UP'), undefined)).toBe(false);
  });

  it('is shut down when the setting or the admin state says so (a write not yet read back)', () => {
    expect(portShutdown(info('1', 'PORT_UP', 'LINK_UP'), cfg('1', true))).toBe(true);
    expect(portShutdown(info('1', 'PORT_DOWN', 'LINK_DOWN'), cfg('1', false))).toBe(true);
    expect(portUp(info('1', 'PORT_UP', 'LINK_UP'), cfg('1', true))).toBe(false);
    // no link is not "shut down": the checks warn only about a shut-down port
    expect(portShutdown(info('1', 'PORT_UP', 'LINK_DOWN'), cfg('1', false))).toBe(false);
  });

  it('does not call a port down for a link it does not know', () => {
    expect(portUp(undefined, cfg('1', false))).toBe(true);
    expect(portUp(undefined, cfg('1', true))).toBe(false);
  });

  it('lists the numbered ports with both facts, the configuration joined by name', () => {
    const list = portStates(
      [
        info('1', 'PORT_UP', 'LINK_UP'),
        info('2', 'PORT_UP', 'LINK_DOWN'),
        info('x', 'PORT_UP', 'LINK_UP'),
      ],
      [cfg('1', true)],
    );
    expect(list).toEqual([
      { no: 1, name: 'eth-0-1', shutdown: true, up: false },
      { no: 2, name: 'eth-0-2', shutdown: false, up: false },
    ]);
  });
});
