/** 1 Overview: is the device healthy, which ports carry traffic or errors. */
import { Box } from 'ink';
import { useState } from 'react';
import { levelName } from '../../model/index.js';
import { uacOf } from '../../store/freshness.js';
import { useConsoleState, usePortRates } from '../../store/react.js';
import { Gauge, KeyValue, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { oversubscribed } from '../ports/load.js';
import { portRows } from '../ports/rows.js';
import { usePortLoads } from '../traffic-view.js';
import type { ScreenProps } from '../types.js';
import { overviewItems } from './items.js';
import { EnvLines, envItems, TopRules, topRules } from './more.js';
import { devicePairs, modePairs } from './pairs.js';
import { PortsSection, Section, Title } from './sections.js';
import { moveTo, selectedAt } from './selection.js';

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
  // the selection follows the item, not the line (selection.ts)
  const [picked, setPicked] = useState<string | null>(null);
  const ids = pickable.map((i) => i.id);
  const selected = selectedAt(ids, picked, list.items.length > 0 ? env5.length : 0);
  const selectedId = ids[selected] ?? '';
  useCommands(props.commands, {
    ...navCommands((m) => {
      const item = pickable[moveTo(m, selected, pickable.length)];
      if (item) setPicked(item.id);
    }),
    'overview.open': () => {
      const item = pickable[selected];
      if (!item) return props.notify('nothing listed to open');
      item.open();
    },
  });
  // tool ports asked for more than their line rate (or dropping on send): OVERSUB
  const oversub = oversubscribed(usePortLoads(rates));

  return (
    // one column of margin, the left column, one between, the right column: whole columns
    // that add up to the width (yoga measured fractions of shrunk columns, then drew them whole)
    <Box width={props.width} height={props.height} paddingLeft={1}>
      <Box flexDirection="column" width={left}>
        <Section title="Device" from={['identity', 'system']}>
          <KeyValue width={left} labelWidth={11} pairs={devicePairs(identity, system)} />
        </Section>
        <Section title="Modes" from={['settings', 'access']}>
          <KeyValue width={left} labelWidth={11} pairs={modePairs(settings, uac)} />
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
      <Box width={1} />
      <Box flexDirection="column" width={right}>
        <Section title="Environment" from={['environment']}>
          {env ? <EnvLines items={env5} selected={selectedId} width={right} /> : <Text>–</Text>}
        </Section>
        <PortsSection
          rows={rows}
          haveInfo={info !== undefined}
          haveStats={stats !== undefined}
          list={list}
          selected={selected - env5.length}
          oversub={oversub}
          width={right}
        />
      </Box>
    </Box>
  );
}
