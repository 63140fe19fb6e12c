/** 1 Overview: is the device healthy, which ports carry traffic or errors. */
import { Box } from 'ink';
import { useState } from 'react';
import { levelName, sanitize } from '../model/index.js';
import { uacOf } from '../store/freshness.js';
import { useConsoleState, usePortRates } from '../store/react.js';
import type { ResourceKey } from '../store/resources.js';
import { Gauge, KeyValue, type ListMove, Text } from '../widgets/index.js';
import { navCommands, useCommands } from './commands.js';
import { OverviewItems, overviewItems } from './overview-items.js';
import { oversubscribed, oversubText } from './port-load.js';
import { badCount, portRows } from './port-rows.js';
import { StaleMark } from './stale-mark.js';
import { usePortLoads } from './traffic.js';
import type { ScreenProps } from './types.js';

/** A section's title, with `◌ stale 23s` while the figures below it are not current. */
function Title(props: { title: string; from: readonly ResourceKey[] }) {
  return (
    <Text wrap="truncate">
      <Text bold underline>
        {props.title}
      </Text>
      <StaleMark from={props.from} />
    </Text>
  );
}

function Section(props: {
  title: string;
  from: readonly ResourceKey[];
  children: React.ReactNode;
}) {
  return (
    <Box flexDirection="column">
      <Title title={props.title} from={props.from} />
      {props.children}
    </Box>
  );
}

/** The UAC row: unknown while the device refuses the login, not the last value read. */
function uacText(s: Parameters<typeof uacOf>[0]): string {
  const uac = uacOf(s);
  switch (uac.state) {
    case 'loading':
      return '–';
    case 'unknown':
      return `? (the device refuses pbc's login: ${uac.reason})`;
    case 'off':
      return 'off';
    case 'on':
      return `on (you: ${levelName(uac.level)})`;
  }
}

export function OverviewScreen(props: ScreenProps) {
  const identity = useConsoleState((s) => s.resources.identity.data);
  const uac = useConsoleState(uacText);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const env = useConsoleState((s) => s.resources.environment.data);
  const system = useConsoleState((s) => s.resources.system.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const stats = useConsoleState((s) => s.resources.stats.data);
  // without current rates while the counters are stale: no frozen figure shown as "now"
  const rates = usePortRates();
  const left = Math.floor(props.width / 2) - 1;
  const right = props.width - left - 2;

  const rows = portRows(info, undefined, stats, rates);
  const up = rows.filter((r) => r.link === 'up').length;
  const shut = rows.filter((r) => r.admin === 'shut').length;
  // the environment takes up to 8 lines, the ports' title, summary, OVERSUB and since-start 4
  const list = overviewItems(
    rows,
    props.height - (env ? 3 + Math.min(5, env.temp_sensors.length) : 2) - 4,
  );
  // the selection follows the port, not the line: the lists re-order with every poll
  const [picked, setPicked] = useState<string | null>(null);
  const keyOf = (i: { kind: string; port: string }) => `${i.kind}:${i.port}`;
  const selected = Math.max(
    0,
    list.items.findIndex((i) => keyOf(i) === picked),
  );
  const move = (m: ListMove) => {
    const last = Math.max(0, list.items.length - 1);
    const step =
      m === 'up' ? -1 : m === 'down' ? 1 : m === 'pageUp' ? -5 : m === 'pageDown' ? 5 : 0;
    const next =
      m === 'home' ? 0 : m === 'end' ? last : Math.max(0, Math.min(last, selected + step));
    const item = list.items[next];
    if (item) setPicked(keyOf(item));
  };
  useCommands(props.commands, {
    ...navCommands(move),
    'overview.open': () => {
      const item = list.items[selected];
      if (!item) return props.notify('no port listed to open');
      props.show?.('ports', item.port);
    },
  });
  // tool ports asked for more than their line rate (or dropping on send): OVERSUB
  const oversub = oversubscribed(usePortLoads(rates));

  const id = identity;
  const fmtMem = system
    ? `${Math.round((100 * (system.memory.total - system.memory.free)) / system.memory.total)}% used of ${Math.round(system.memory.total / 1024)} MiB`
    : '–';
  const load = system
    ? `${system.load.average_1m.toFixed(2)} ${system.load.average_5m.toFixed(2)} ${system.load.average_15m.toFixed(2)}`
    : '–';

  return (
    <Box width={props.width} height={props.height} paddingX={1}>
      <Box flexDirection="column" width={left}>
        <Section title="Device" from={['identity', 'system']}>
          <KeyValue
            width={left}
            labelWidth={11}
            pairs={[
              ['Name', id ? `${id.name} — ${id.ident.name}` : '–'],
              ['Notes', id?.ident.notes ?? '–'],
              ['Model', id ? `${id.model} ${id.generation} s/n ${id.serial}` : '–'],
              ['Firmware', id ? `${id.imageVersion} (${id.serverRevision})` : '–'],
              ['DPID', id?.dpid ?? '–'],
              [
                'Mgmt IP',
                id
                  ? `${id.ip.current_ip}/${id.ip.current_netmask} gw ${id.ip.current_gateway}`
                  : '–',
              ],
              ['Load', load],
              ['Memory', fmtMem],
            ]}
          />
        </Section>
        <Section title="Modes" from={['settings', 'access']}>
          <KeyValue
            width={left}
            labelWidth={11}
            pairs={[
              [
                'Storage',
                settings
                  ? `${settings.storage.modeCurrent} (next ${settings.storage.modeNext})`
                  : '–',
              ],
              [
                'Permanent',
                settings
                  ? settings.permanent
                    ? 'on: rules survive reboot'
                    : 'off: boot save-point'
                  : '–',
              ],
              ['UAC', uac],
            ]}
          />
        </Section>
        <Title title="TCAM" from={['flows']} />
        {flows ? (
          <Gauge used={flows.used_flows} max={flows.maximum_flows} width={left} label="flows" />
        ) : (
          <Text>–</Text>
        )}
      </Box>
      <Box width={2} />
      <Box flexDirection="column" width={right}>
        <Section title="Environment" from={['environment']}>
          {env ? (
            <>
              <Text wrap="truncate">
                Fans{' '}
                {env.fan
                  .map(
                    (f) => `${sanitize(f.index)}:${sanitize(f.status)} ${sanitize(f.speed_rate)}`,
                  )
                  .join(' ')}
              </Text>
              <Text wrap="truncate">
                PSU{' '}
                {env.psu
                  .map(
                    (p) =>
                      `${p.index}:${p.status === 'PRESENT' ? `${sanitize(p.power)}${p.alert === 'ALERT' ? ' ALERT' : ''}` : 'absent'}`,
                  )
                  .join('  ')}
              </Text>
              {env.temp_sensors.slice(0, 5).map((t) => {
                const alarm = t.temp >= t.upper_alarm || t.temp <= t.lower_alarm;
                return (
                  <Text key={t.index} wrap="truncate" {...(alarm ? { color: 'red' } : {})}>
                    {`${alarm ? '! ' : '  '}temp ${t.index} ${sanitize(t.position || '—').padEnd(8)} ${t.temp}°C (${t.lower_alarm}..${t.upper_alarm}, off ${t.critical_limit})${alarm ? ' ALARM' : ''}`}
                  </Text>
                );
              })}
            </>
          ) : (
            <Text>–</Text>
          )}
        </Section>
        <Section title="Ports" from={['info', 'stats']}>
          <Text wrap="truncate">
            {info
              ? `${rows.length} ports · ${up} link up · ${rows.length - up} down · ${shut} shut down`
              : '– (no port data yet)'}
          </Text>
          <OverviewItems
            list={list}
            selected={selected}
            width={right}
            // "none" only once rates exist: two samples of the counters
            known={rows.some((r) => typeof r.rate?.errPps === 'number')}
          />
          <Text wrap="truncate" {...(oversub.length ? { color: 'red' } : {})}>
            OVERSUB:{' '}
            {oversub.length
              ? oversub.map(oversubText).join(', ')
              : rows.some((r) => typeof r.rate?.errPps === 'number')
                ? 'none'
                : '–'}
          </Text>
          <Text wrap="truncate" dimColor>
            Since start:{' '}
            {stats
              ? `${rows.filter((r) => badCount(r) > 0n).length} ports have counted drops or errors`
              : '–'}
          </Text>
        </Section>
      </Box>
    </Box>
  );
}
