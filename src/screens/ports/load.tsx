/**
 * Tool-port load on the screens: the Ports table's OVERSUB column (the word in the port's row, not
 * colour alone), the port detail's "fed by" section (the rules and groups that send to the
 * port with their rates, their sum against the line rate, tx drops) and the Overview's list
 * of oversubscribed ports. The model is src/traffic/load.ts.
 */
import { sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import { lineRateText, type PortLoad } from '../../traffic/index.js';
import { type Column, Text } from '../../widgets/index.js';
import type { PortRow } from './rows.js';

type Loads = ReadonlyMap<number, PortLoad>;

/** The OVERSUB column: the word in a port's row when demand passes the line rate or tx drops rise. */
export function loadColumn(loads: Loads): Column<PortRow> {
  return {
    key: 'oversub',
    title: 'OVERSUB',
    // one more than the word: the sort arrow beside it
    width: 8,
    priority: 75,
    render: (r) => (loads.get(Number(r.no))?.oversub ? 'OVERSUB' : ''),
    color: (r) => (loads.get(Number(r.no))?.oversub ? 'red' : undefined),
  };
}

/** The oversubscribed ports, worst first (demand over line rate). */
export function oversubscribed(loads: Loads): PortLoad[] {
  const ratio = (l: PortLoad) => (l.port.lineBps ? l.demandBps / l.port.lineBps : 0);
  return [...loads.values()].filter((l) => l.oversub).sort((a, b) => ratio(b) - ratio(a));
}

/** `eth-0-15 (demand 18.5G > 10G, tx drops 4.61M/s)`. */
export function oversubText(l: PortLoad): string {
  return `${sanitize(l.port.name)} (${l.why.join(', ')})`;
}

/** `OVERSUB · demand 18.5Gb/s of 10G (185 %) · tx 9.92Gb/s · tx drops 4.61M/s` (the word first: it fits 80 columns). */
export function loadSummary(l: PortLoad, known: boolean): string {
  const line = l.port.lineBps;
  const demand = known
    ? `demand ${formatSi(l.demandBps, 'b/s')}${line ? ` of ${lineRateText(line)} (${Math.round((100 * l.demandBps) / line)} %)` : ''}`
    : 'demand – (rules not read yet)';
  return `${l.oversub ? 'OVERSUB · ' : ''}${demand} · tx ${formatSi(l.port.txBps, 'b/s')} · tx drops ${formatSi(l.port.txDropPps, '/s')}`;
}

/** One feeder: `core-40g  prio 1500  18.5Gb/s` or `ids-copy  prio 1500  group 1 all  2.91Gb/s`. */
export function feederText(f: PortLoad['feeders'][number], width: number): string {
  const g = f.group;
  const via = g
    ? ` group ${g.id} ${g.type}${g.bucket === null ? '' : ` bucket ${g.bucket + 1}${g.type === 'select' ? ` (1/${g.live})` : ''}`}`
    : '';
  const rate = f.bps === null ? 'n/a' : formatSi(f.bps, 'b/s');
  const left = `  ← ${sanitize(f.rule.name || '(no name)')}  prio ${f.rule.priority}${via}`;
  return `${left.padEnd(Math.max(left.length + 1, width - rate.length - 1))}${rate}`;
}

/** The detail's section: summary, then up to `lines` − 1 feeders (`… N more`). */
export function LoadSection(props: {
  load: PortLoad | undefined;
  known: boolean;
  width: number;
  lines: number;
}) {
  const l = props.load;
  if (!l) return null;
  const room = Math.max(0, props.lines - 1);
  const feeders = l.feeders;
  const shown = feeders.length > room ? feeders.slice(0, Math.max(0, room - 1)) : feeders;
  const more = feeders.length - shown.length;
  return (
    <>
      <Text wrap="truncate" bold {...(l.oversub ? { color: 'red' } : {})}>
        {`Load: ${loadSummary(l, props.known)}`}
      </Text>
      {props.known && feeders.length === 0 && room > 0 ? (
        <Text wrap="truncate">{'  no rule sends to this port'}</Text>
      ) : null}
      {shown.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <Text key={i} wrap="truncate">
          {feederText(f, props.width)}
        </Text>
      ))}
      {more > 0 && room > 0 ? <Text wrap="truncate">{`  … ${more} more`}</Text> : null}
    </>
  );
}
