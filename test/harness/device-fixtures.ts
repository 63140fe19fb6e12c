/** Device data for tests and benchmarks: rules, port information, a big rule table for the simulator. */
import type { Rule } from '../../src/model/index.js';
import { rulesKey, type SimState } from '../../src/sim/state.js';

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

/**
 * Puts `n` synthetic rules (`in_port`, `tcp`, `tcp_dst`; names `${prefix}-i`) straight into a
 * simulated device's state, past its TCAM check (which would stop at 4096 flows): the
 * 65,536-rule drill and the Rules poll benchmark.
 */
export function loadSyntheticRules(state: SimState, n: number, prefix: string): void {
  for (let i = 0; i < n; i++) {
    const match = { in_port: String((i % 28) + 1), tcp: '', tcp_dst: String(i % 65_536) };
    const priority = 100 + (i % 500);
    state.rules.set(rulesKey(priority, match), {
      cookie: state.nextCookie++,
      name: `${prefix}-${i}`,
      description: '',
      priority,
      match,
      actions: [`output:${(i % 4) + 9}`],
      since: Date.now(),
    });
  }
  state.changed(`${prefix}: ${n} rules loaded`);
}
