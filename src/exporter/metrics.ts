/**
 * What the exporter says about one device: the metric catalogue and the samples one
 * device's answers give (labels `device`, `port`, `sensor`, `fan`, `psu`, `rule`).
 */
import type { Client } from '../api/client.js';
import type { MemoryUsage } from '../api/normalize-system.js';
import { lineRateBps } from '../model/line-rate.js';
import { sanitize } from '../model/sanitize.js';
import type {
  Environment,
  FlowNumbers,
  LoadAverage,
  PortCounter,
  PortInfo,
  PortStats,
} from '../model/types.js';
import {
  boundEnvironment,
  boundPorts,
  boundRules,
  type Dropped,
  type RuleSums,
  type SeriesLimits,
} from './bounds.js';
import type { MetricDef, ScrapeRegistry } from './registry.js';

/** What one scrape reads from one device, cut to the series limits (bounds.ts). */
export interface DeviceSnapshot {
  info: PortInfo[];
  stats: PortStats[];
  flows: FlowNumbers;
  env: Environment;
  load: LoadAverage;
  memory: MemoryUsage;
  /** The counters of the rules named with --rule-metrics, summed per name. */
  rules?: Map<string, RuleSums>;
  /** What the limits left out. */
  dropped: Dropped;
}

/**
 * What changes slowly: read at most every `healthMs` (CollectorOptions), not every scrape;
 * kept already cut to the limits, with what the cut left out.
 */
export type Health = Pick<DeviceSnapshot, 'env' | 'load' | 'memory'> & { envDropped: Dropped };

/**
 * The GETs of one scrape, all at once on the device's keep-alive connections; the health
 * reads only when `health` (the last ones) is not given. The answers are cut to `limits`
 * before they are kept anywhere.
 */
export async function readSnapshot(
  client: Client,
  ruleNames: ReadonlySet<string>,
  limits: SeriesLimits,
  health?: Health,
): Promise<{ snap: DeviceSnapshot; health: Health }> {
  const [info, stats, flows, rules, fresh] = await Promise.all([
    client.ports.info(),
    client.ports.stats(),
    client.device.flowNumbers(),
    ruleNames.size > 0 ? client.rules.list() : undefined,
    health ??
      Promise.all([
        client.device.environment(),
        client.device.loadAverage(),
        client.device.memoryUsage(),
      ]).then(([env, load, memory]): Health => {
        const envDropped: Dropped = {};
        return { env: boundEnvironment(env, limits.ports, envDropped), load, memory, envDropped };
      }),
  ]);
  const dropped: Dropped = { ...fresh.envDropped };
  const ports = boundPorts(info, stats, limits.ports, dropped);
  const snap: DeviceSnapshot = {
    ...ports,
    flows,
    env: fresh.env,
    load: fresh.load,
    memory: fresh.memory,
    dropped,
  };
  if (rules) snap.rules = boundRules(rules.rules, ruleNames, limits.rules, dropped);
  return { snap, health: fresh };
}

const PORT_COUNTERS: readonly [string, PortCounter, string][] = [
  ['pbc_port_rx_bytes_total', 'rxbytes', 'Bytes received on the port.'],
  ['pbc_port_tx_bytes_total', 'txbytes', 'Bytes sent by the port.'],
  ['pbc_port_rx_packets_total', 'rxpkts', 'Packets received on the port.'],
  ['pbc_port_tx_packets_total', 'txpkts', 'Packets sent by the port.'],
  ['pbc_port_rx_drops_total', 'rxdrop', 'Received packets dropped.'],
  [
    'pbc_port_tx_drops_total',
    'txdrop',
    'Packets dropped on the way out (e.g. an oversubscribed tool port).',
  ],
  ['pbc_port_rx_errors_total', 'rxerrs', 'Receive errors.'],
  ['pbc_port_tx_errors_total', 'txerrs', 'Transmit errors.'],
];

const DEVICE = ['device'];
const PORT = ['device', 'port'];
const SENSOR = ['device', 'sensor', 'position'];
const FAN = ['device', 'fan'];
const PSU = ['device', 'psu'];
const RULE = ['device', 'rule'];

export const METRICS: readonly MetricDef[] = [
  {
    name: 'pbc_up',
    type: 'gauge',
    help: '1 when the read this scrape exports answered whole (in time, or late for the last scrape), else 0.',
    labels: DEVICE,
  },
  {
    name: 'pbc_scrape_duration_seconds',
    type: 'gauge',
    help: 'How long reading the device took.',
    labels: DEVICE,
  },
  ...PORT_COUNTERS.map(
    ([name, , help]): MetricDef => ({ name, type: 'counter', help, labels: PORT }),
  ),
  {
    name: 'pbc_port_speed_bits_per_second',
    type: 'gauge',
    help: 'Line rate of the port (absent while the device reports none).',
    labels: PORT,
  },
  { name: 'pbc_port_link_up', type: 'gauge', help: '1 when the link is up.', labels: PORT },
  { name: 'pbc_tcam_flows_used', type: 'gauge', help: 'TCAM flow entries in use.', labels: DEVICE },
  {
    name: 'pbc_tcam_flows_max',
    type: 'gauge',
    help: 'TCAM flow entries available.',
    labels: DEVICE,
  },
  {
    name: 'pbc_temperature_celsius',
    type: 'gauge',
    help: 'Temperature of the sensor.',
    labels: SENSOR,
  },
  {
    name: 'pbc_temperature_upper_alarm_celsius',
    type: 'gauge',
    help: 'Upper alarm threshold of the sensor.',
    labels: SENSOR,
  },
  {
    name: 'pbc_temperature_lower_alarm_celsius',
    type: 'gauge',
    help: 'Lower alarm threshold of the sensor.',
    labels: SENSOR,
  },
  { name: 'pbc_fan_ok', type: 'gauge', help: '1 when the fan reports OK.', labels: FAN },
  {
    name: 'pbc_psu_ok',
    type: 'gauge',
    help: '1 when the PSU is powered and raises no alert (empty bays are not listed).',
    labels: PSU,
  },
  { name: 'pbc_cpu_load1', type: 'gauge', help: 'Load average over 1 minute.', labels: DEVICE },
  {
    name: 'pbc_memory_used_ratio',
    type: 'gauge',
    help: 'Share of memory in use (0..1).',
    labels: DEVICE,
  },
  {
    name: 'pbc_rule_packets_total',
    type: 'counter',
    help: 'Packets matched by the rule (rules named with --rule-metrics).',
    labels: RULE,
  },
  {
    name: 'pbc_rule_bytes_total',
    type: 'counter',
    help: 'Bytes matched by the rule (rules named with --rule-metrics).',
    labels: RULE,
  },
  {
    name: 'pbc_series_dropped',
    type: 'gauge',
    help: 'Ports, rules, sensors, fans or PSUs (kind) of the device left out of this scrape: over the limit (--max-ports, --max-rules).',
    labels: ['device', 'kind'],
  },
];

/**
 * Adds one answering device's samples (everything but pbc_up and the duration): the
 * snapshot is already cut to the limits and holds distinct ports, sensors, fans and PSUs.
 */
export function addDeviceSamples(out: ScrapeRegistry, device: string, snap: DeviceSnapshot): void {
  const statsByNo = new Map(snap.stats.map((s) => [s.portnum, s]));
  for (const port of snap.info) {
    const labels = { device, port: sanitize(port.if_name) };
    const st = statsByNo.get(port.port_no);
    if (st) for (const [name, field] of PORT_COUNTERS) out.add(name, labels, st[field]);
    const bps = lineRateBps(port.speed);
    if (bps !== null) out.add('pbc_port_speed_bits_per_second', labels, bps);
    out.add('pbc_port_link_up', labels, port.link_status === 'LINK_UP' ? 1 : 0);
  }
  out.add('pbc_tcam_flows_used', { device }, snap.flows.used_flows);
  out.add('pbc_tcam_flows_max', { device }, snap.flows.maximum_flows);
  for (const t of snap.env.temp_sensors) {
    const labels = { device, sensor: String(t.index), position: sanitize(t.position) };
    out.add('pbc_temperature_celsius', labels, t.temp);
    out.add('pbc_temperature_upper_alarm_celsius', labels, t.upper_alarm);
    out.add('pbc_temperature_lower_alarm_celsius', labels, t.lower_alarm);
  }
  for (const fan of snap.env.fan)
    out.add(
      'pbc_fan_ok',
      { device, fan: sanitize(String(fan.index)) },
      fan.status === 'OK' ? 1 : 0,
    );
  for (const psu of snap.env.psu) {
    if (psu.status === 'ABSENT') continue;
    const ok = psu.power === 'OK' && psu.alert !== 'ALERT';
    out.add('pbc_psu_ok', { device, psu: String(psu.index) }, ok ? 1 : 0);
  }
  out.add('pbc_cpu_load1', { device }, snap.load.average_1m);
  const { total, free } = snap.memory;
  if (total > 0) out.add('pbc_memory_used_ratio', { device }, Math.max(0, total - free) / total);
  for (const [rule, s] of snap.rules ?? []) {
    out.add('pbc_rule_packets_total', { device, rule: sanitize(rule) }, s.packets);
    out.add('pbc_rule_bytes_total', { device, rule: sanitize(rule) }, s.bytes);
  }
  for (const [kind, n] of Object.entries(snap.dropped))
    out.add('pbc_series_dropped', { device, kind }, n);
}
