/**
 * `pbc get ports`: one record per port, /ports/info joined with its /ports/config and
 * /ports/stats (the shape -o json prints and views.ts renders as a table).
 */
import type { PortConfig, PortInfo, PortStats } from '../model/types.js';

export interface MergedPort {
  port_no: string;
  if_name: string;
  admin_status: string;
  link_status: string;
  speed: string;
  duplex: string;
  mac_addr: string;
  config: Omit<PortConfig, 'if_name'> | null;
  counters: Omit<PortStats, 'portnum'> | null;
}

/** Joins /ports/info (by if_name) with /ports/config and (by port number) /ports/stats. */
export function mergePorts(
  config: PortConfig[],
  info: PortInfo[],
  stats: PortStats[],
): MergedPort[] {
  const cfgByName = new Map(config.map((c) => [c.if_name, c]));
  const statsByNo = new Map(stats.map((s) => [s.portnum, s]));
  const seen = new Set<string>();
  const one = (i: PortInfo): MergedPort => {
    seen.add(i.if_name);
    const cfg = cfgByName.get(i.if_name);
    const st = statsByNo.get(i.port_no);
    let config: MergedPort['config'] = null;
    if (cfg) {
      const { if_name: _n, ...rest } = cfg;
      config = rest;
    }
    let counters: MergedPort['counters'] = null;
    if (st) {
      const { portnum: _p, ...rest } = st;
      counters = rest;
    }
    return { ...i, config, counters };
  };
  const out = info.map(one);
  for (const c of config) {
    if (seen.has(c.if_name)) continue;
    const { if_name, ...rest } = c;
    out.push({
      port_no: '',
      if_name,
      admin_status: '',
      link_status: '',
      speed: '',
      duplex: '',
      mac_addr: '',
      config: rest,
      counters: null,
    });
  }
  return out;
}
