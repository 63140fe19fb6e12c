/** Device data for unit tests of the screens' logic: rules and port information. */
import type { Rule } from '../../src/model/index.js';

/** A rule with zero counters. */
export const testRule = (
  name: string,
  priority: number,
  match: Record<string, string>,
  actions: string[],
  flows = 1,
): Rule => ({
  name,
  priority,
  match,
  actions,
  cookie: 1n,
  description: '',
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: 0,
  real_flow_ct: flows,
});

/** /ports/info of `count` ports eth-0-1… , all up. */
export const portInfo = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    port_no: String(i + 1),
    if_name: `eth-0-${i + 1}`,
    admin_status: 'PORT_UP',
    link_status: 'LINK_UP',
    duplex: '',
    mac_addr: '',
    speed: '',
  }));

/**
 * /ports/stats one accelerated poll cycle later: every port's counters advance (rx by an amount
 * that differs per port and cycle), as the long-run drill and bench/tui-inproc.tsx age answers.
 */
export function ageStats<
  T extends { rxbytes: bigint; txbytes: bigint; rxpkts: bigint; txpkts: bigint },
>(stats: readonly T[], cycle: number): T[] {
  return stats.map((s, i) => ({
    ...s,
    rxbytes: s.rxbytes + BigInt(1000 + i * 37 + (cycle % 13)),
    txbytes: s.txbytes + 900n,
    rxpkts: s.rxpkts + 3n,
    txpkts: s.txpkts + 2n,
  }));
}
