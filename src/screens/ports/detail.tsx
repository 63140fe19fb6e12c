/** Enter on a port: all counters, its configuration, SFP text, peak rates. */
import { Box } from 'ink';
import { useEffect } from 'react';
import { PORT_COUNTERS, sanitize } from '../../model/index.js';
import { portPending } from '../../model/port-pending.js';
import { lineShareText, OVER_LINE_NOTE, rateText } from '../../store/figures.js';
import { formatSi } from '../../store/rates.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import type { PortLoad } from '../../traffic/index.js';
import { gaugeText, type HScrollView, KeyValue, Text } from '../../widgets/index.js';
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
  const c = r.config;
  const counters = PORT_COUNTERS.map((k): [string, string] => [
    k,
    r.stats ? r.stats[k].toString() : '–',
  ]);
  const pending = c ? portPending(c) : [];
  const next = (field: 'xg_speed' | 'split') => pending.find((p) => p.field === field)?.to;
  const xgNext = next('xg_speed');
  const splitNext = next('split');
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
          <KeyValue width={half} labelWidth={9} pairs={counters} />
        </Box>
        <Box width={1} />
        <Box flexDirection="column" width={half}>
          <KeyValue
            width={half}
            labelWidth={12}
            pairs={[
              ['speed', r.speed],
              ['duplex', r.duplex],
              ['type', c ? String(c.type) : '–'],
              ['media', c?.media_type ?? '–'],
              [
                'split',
                c
                  ? splitNext
                    ? `${pending.find((p) => p.field === 'split')?.from} ⟳ next: ${splitNext} after reboot`
                    : c.split
                  : '–',
              ],
              [
                'xg_speed',
                c?.xg_speed
                  ? xgNext
                    ? `${c.xg_speed.currSetting} ⟳ next: ${xgNext} after reboot`
                    : `${c.xg_speed.currSetting} (next ${c.xg_speed.nextSetting})`
                  : '–',
              ],
              ['mac', r.info?.mac_addr ?? '–'],
              [
                'rx now',
                `${rateText(r.rate?.rxBps, r.lineBps, 'b/s')} ${formatSi(r.rate?.rxPps, 'p/s')}`,
              ],
              [
                'tx now',
                `${rateText(r.rate?.txBps, r.lineBps, 'b/s')} ${formatSi(r.rate?.txPps, 'p/s')}`,
              ],
              ['peak', formatSi(r.rate?.peakBps ?? null, 'b/s')],
              [
                'line rate',
                r.lineBps
                  ? `${gaugeText(share?.share ?? 0, 1, 8).bar} ${lineShareText(share)} of ${formatSi(r.lineBps, 'b/s')}`
                  : '– (no link)',
              ],
              [
                'errors now',
                `${formatSi(r.rate?.errsPs, '/s')} errors, ${formatSi(r.rate?.dropsPs, '/s')} drops`,
              ],
            ]}
          />
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
