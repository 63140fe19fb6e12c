/**
 * What the load and impact models (src/tcam load.ts, impact.ts) need, from the polled
 * resources: the rules with their rates, the groups, and each port's state, line rate, tx,
 * tx drops and rx now (rx bounds the traffic no rule matches: src/tcam unmatched.ts). Shared by the Ports screen (OVERSUB, the port's feeders), the Overview
 * and the rule and group editors' traffic impact.
 */
import { useMemo } from 'react';
import { type Group, type PortConfig, type PortInfo, portUp, type Rule } from '../model/index.js';
import type { PortRate } from '../store/rates.js';
import { useConsoleState } from '../store/react.js';
import { type LoadPort, lineRateBps, type PortLoad, portLoads } from '../traffic/index.js';

export interface TrafficView {
  rules: readonly Rule[];
  groups: ReadonlyMap<number, Group>;
  ports: readonly LoadPort[];
  /** The rule table has arrived (else no port is said to be fed by anything). */
  known: boolean;
}

/** One LoadPort per port of /ports/info (else of /ports/stats), with its rates now. */
export function loadPorts(
  info: readonly PortInfo[] | undefined,
  config: readonly PortConfig[] | undefined,
  rates: ReadonlyMap<string, PortRate>,
  stats?: readonly { portnum: string }[],
): LoadPort[] {
  const cfg = new Map((config ?? []).map((c) => [c.if_name, c]));
  const base = info
    ? info.map((i) => ({ no: i.port_no, name: i.if_name, info: i as PortInfo | undefined }))
    : (stats ?? []).map((s) => ({ no: s.portnum, name: `port ${s.portnum}`, info: undefined }));
  const out: LoadPort[] = [];
  for (const { no, name, info: i } of base) {
    const n = Number(no);
    if (!Number.isInteger(n)) continue;
    const c = cfg.get(name);
    const up = portUp(i, c);
    const r = rates.get(no);
    out.push({
      no: n,
      name,
      up,
      lineBps: lineRateBps(i?.speed) ?? lineRateBps(c?.speed),
      txBps: r?.txBps ?? null,
      txDropPps: r?.txDropPps ?? null,
      txPps: r?.txPps ?? null,
      rxBps: r?.rxBps ?? null,
    });
  }
  return out;
}

/** `rates`: the screen's own usePortRates() (one stale clock per screen, not two). */
export function useTrafficView(rates: ReadonlyMap<string, PortRate>): TrafficView {
  const rules = useConsoleState((s) => s.resources.rules.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const stats = useConsoleState((s) => s.resources.stats.data);
  return useMemo(
    () => ({
      rules: rules?.rules ?? [],
      groups: new Map((groups ?? []).map((g) => [g.group_id, g])),
      ports: loadPorts(info, config, rates, stats),
      known: rules !== undefined,
    }),
    [rules, groups, info, config, rates, stats],
  );
}

/** Every port's load (feeders, demand, OVERSUB), by port number. */
export function usePortLoads(rates: ReadonlyMap<string, PortRate>): Map<number, PortLoad<Rule>> {
  const t = useTrafficView(rates);
  return useMemo(() => portLoads(t.rules, t.groups, t.ports), [t]);
}
