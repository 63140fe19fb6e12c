/** 1 Overview: is the device healthy, which ports carry traffic or errors. */
import { Box } from 'ink';
import { useState } from 'react';
import { levelName } from '../../model/index.js';
import { percentText, ratioOf } from '../../store/figures.js';
import { uacOf } from '../../store/freshness.js';
import { useConsoleState, usePortRates } from '../../store/react.js';
import type { ResourceKey } from '../../store/resources.js';
import { Gauge, KeyValue, type ListMove, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { oversubscribed, oversubText } from '../ports/load.js';
import { badCount, portRows } from '../ports/rows.js';
import { StaleMark } from '../stale-mark.js';
import { usePortLoads } from '../traffic-view.js';
import type { ScreenProps } from '../types.js';
import { OverviewItems, overviewItems } from './items.js';
import { EnvLines, envItems, TopRules, topRules } from './more.js';

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
  const rules = useConsoleState((s) => s.resources.rules.data?.rules);
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
  const env5 = env ? envItems(env) : [];
  // the left column's sections take 15 lines; the top rules get what is left, if 2 or more
  const ruleRoom = props.height - 15;
  const ruleList = topRules(rules ?? [], ruleRoom);
  // what Enter opens, in the order ↑/↓ go: the environment, the ports, the rules
  const pickable = [
    ...env5.map((e) => ({ id: `env:${e.id}`, open: () => props.show?.('device', e.id) })),
    ...list.items.map((i) => ({
      id: `${i.kind}:${i.port}`,
      open: () => props.show?.('ports', i.port),
    })),
    ...(ruleRoom >= 2 ? ruleList.items : []).map((r) => ({
      id: `rule:${r.cookie}`,
      open: () => props.show?.('rules', r.cookie),
    })),
  ];
  // the selection follows the item, not the line: the lists re-order with every poll; it
  // starts on the first port listed (the busiest)
  const [picked, setPicked] = useState<string | null>(null);
  const at = pickable.findIndex((i) => i.id === picked);
  const selected = at >= 0 ? at : list.items.length > 0 ? env5.length : 0;
  const selectedId = pickable[selected]?.id ?? '';
  const move = (m: ListMove) => {
    const last = Math.max(0, pickable.length - 1);
    const step =
      m === 'up' ? -1 : m === 'down' ? 1 : m === 'pageUp' ? -5 : m === 'pageDown' ? 5 : 0;
    const next =
      m === 'home' ? 0 : m === 'end' ? last : Math.max(0, Math.min(last, selected + step));
    const item = pickable[next];
    if (item) setPicked(item.id);
  };
  useCommands(props.commands, {
    ...navCommands(move),
    'overview.open': () => {
      const item = pickable[selected];
      if (!item) return props.notify('nothing listed to open');
      item.open();
    },
  });
  // tool ports asked for more than their line rate (or dropping on send): OVERSUB
  const oversub = oversubscribed(usePortLoads(rates));

  const id = identity;
  const fmtMem = system
    ? `${percentText(ratioOf(system.memory.total - system.memory.free, system.memory.total))}% used of ${Math.round(system.memory.total / 1024)} MiB`
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
        {ruleRoom >= 2 ? (
          <TopRules
            list={ruleList}
            selected={selectedId}
            width={left}
            known={rules !== undefined}
          />
        ) : null}
      </Box>
      <Box width={2} />
      <Box flexDirection="column" width={right}>
        <Section title="Environment" from={['environment']}>
          {env ? <EnvLines items={env5} selected={selectedId} width={right} /> : <Text>–</Text>}
        </Section>
        <Section title="Ports" from={['info', 'stats']}>
          <Text wrap="truncate">
            {info
              ? `${rows.length} ports · ${up} link up · ${rows.length - up} down · ${shut} shut down`
              : '– (no port data yet)'}
          </Text>
          <OverviewItems
            list={list}
            selected={selected - env5.length}
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
