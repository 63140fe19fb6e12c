/** Enter on a port: all counters, its configuration, SFP text, peak rates. */
import { Box } from 'ink';
import { useEffect } from 'react';
import { sanitize } from '../../model/index.js';
import { portPending } from '../../model/port-pending.js';
import { OVER_LINE_NOTE } from '../../store/figures.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import type { PortLoad } from '../../traffic/index.js';
import { type HScrollView, KeyValue, Text } from '../../widgets/index.js';
import { counterPairs, settingPairs } from './detail-pairs.js';
import { LoadSection } from './load.js';
import { type PortRow, rowShare } from './rows.js';

/** The lines of the SFP status table that concern one port (header kept). */
export function sfpLines(text: string | undefined, name: string): string[] {
  if (!text) return [];
  const lines = sanitize(text, { keepNewlines: true }).split('\n');
  const header = lines.slice(0, 2);
  const mine = lines.filter((l) => l.startsWith(`${name} `));
  return mine.length ? [...header, ...mine] : [];
}

export function PortDetail(props: {
  row: PortRow | undefined;
  name: string;
  width: number;
  height: number;
  /** Tool-port load: the rules and groups that feed the port (port-load.tsx). */
  load?: PortLoad | undefined;
  rulesKnown?: boolean;
  /** The port's transceiver lines (sfpLines) in the sideways window ←/→ moves (use-hscroll). */
  sfp: HScrollView;
}) {
  const { poller } = useConsole();
  const sfp = useConsoleState((s) => s.resources.sfp.data);
  useEffect(() => {
    poller.setDemand(['stats', 'info', 'config', 'rules', 'groups', 'sfp']);
    return () => poller.setDemand(['stats', 'info', 'config', 'rules', 'groups']);
  }, [poller]);
  const r = props.row;
  if (!r)
    return <Text>Port {sanitize(props.name)} is gone (the port list changed). Esc returns.</Text>;
  const half = Math.floor((props.width - 3) / 2);
  const pending = r.config ? portPending(r.config) : [];
  // the load section: a summary and its feeders, up to 4 lines (the transceiver gets the rest)
  const share = rowShare(r);
  // lines between the title and the counters: the pending settings, the `+` mark's meaning
  const notes = (pending.length > 0 ? 1 : 0) + (share?.over ? 1 : 0);
  const loadLines = props.load ? Math.min(1 + Math.max(1, props.load.feeders.length), 4) : 0;
  return (
    <Box flexDirection="column" width={props.width} height={props.height} paddingX={1}>
      <Text bold wrap="truncate">
        {sanitize(r.name)} (port {r.no}) — admin {r.admin}, link {r.link} · Esc returns
      </Text>
      {pending.length > 0 && (
        <Text color="yellow" wrap="truncate">
          {sanitize(
            `⟳ pending — applies after reboot: ${pending.map((p) => `${p.field} ${p.from} → ${p.to}`).join(', ')}`,
          )}
        </Text>
      )}
      {share?.over && (
        <Text dimColor wrap="truncate">
          {OVER_LINE_NOTE}
        </Text>
      )}
      <Box>
        <Box flexDirection="column" width={half}>
          <KeyValue width={half} labelWidth={9} pairs={counterPairs(r)} />
        </Box>
        <Box width={1} />
        <Box flexDirection="column" width={half}>
          <KeyValue width={half} labelWidth={12} pairs={settingPairs(r, pending, share)} />
        </Box>
      </Box>
      <LoadSection
        load={props.load}
        known={props.rulesKnown ?? false}
        width={props.width - 2}
        lines={loadLines}
      />
      <Text wrap="truncate">
        <Text bold>Transceiver</Text>
        {props.sfp.note ? `  ${props.sfp.note} (←/→)` : ''}
      </Text>
      {sfp === undefined ? (
        <Text>loading…</Text>
      ) : props.sfp.lines.length === 0 ? (
        <Text>no transceiver information for this port</Text>
      ) : (
        // the title, the notes, 12 counters, the load section and "Transceiver" above
        props.sfp.lines.slice(0, Math.max(0, props.height - 14 - loadLines - notes)).map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static lines
          <Text key={i} wrap="truncate">
            {l}
          </Text>
        ))
      )}
    </Box>
  );
}
