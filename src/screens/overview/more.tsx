/**
 * The Overview's other lists Enter opens: the environment (fans, power supplies, each
 * temperature sensor — its alarms marked `!` and in words) opens the Device screen at that
 * sensor, and the top rules by rate open the rule on the Rules screen.
 */
import type { Environment, Rule } from '../../model/index.js';
import { sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import { Text, TextLines, truncateText } from '../../widgets/index.js';

export interface EnvItem {
  /** What the Device screen selects: 'fans', 'psu' or 'temp:N'. */
  id: string;
  text: string;
  alarm: boolean;
}

/** A sensor out of its alarm range. */
export const tempAlarm = (t: Environment['temp_sensors'][number]) =>
  t.temp >= t.upper_alarm || t.temp <= t.lower_alarm;

/** A fan whose status is not OK. */
export const fanAlarm = (f: Environment['fan'][number]) => f.status.toUpperCase() !== 'OK';

/** The environment's lines: fans, power supplies, then up to `temps` temperature sensors. */
export function envItems(env: Environment, temps = 5): EnvItem[] {
  const fans = env.fan.map(
    (f) => `${sanitize(f.index)}:${sanitize(f.status)} ${sanitize(f.speed_rate)}`,
  );
  const psu = env.psu.map(
    (p) =>
      `${p.index}:${p.status === 'PRESENT' ? `${sanitize(p.power)}${p.alert === 'ALERT' ? ' ALERT' : ''}` : 'absent'}`,
  );
  const fanBad = env.fan.some(fanAlarm);
  return [
    { id: 'fans', text: `Fans ${fans.join(' ')}${fanBad ? ' ALARM' : ''}`, alarm: fanBad },
    { id: 'psu', text: `PSU ${psu.join('  ')}`, alarm: env.psu.some((p) => p.alert === 'ALERT') },
    ...env.temp_sensors.slice(0, temps).map((t) => {
      const alarm = tempAlarm(t);
      return {
        id: `temp:${t.index}`,
        text: `temp ${t.index} ${sanitize(t.position || '—').padEnd(8)} ${t.temp}°C (${t.lower_alarm}..${t.upper_alarm}, off ${t.critical_limit})${alarm ? ' ALARM' : ''}`,
        alarm,
      };
    }),
  ];
}

/** One selectable line: `›` when selected, `!` in alarm (in words too), else blank. */
function line(props: { text: string; on: boolean; alarm: boolean; width: number }) {
  return (
    <Text inverse={props.on} {...(props.alarm ? { color: 'red' } : {})}>
      {props.on ? '› ' : props.alarm ? '! ' : '  '}
      {truncateText(props.text, Math.max(1, props.width - 2)).text}
    </Text>
  );
}

/** The environment's lines, each within `width`, drawn as one text. */
export function EnvLines(props: { items: readonly EnvItem[]; selected: string; width: number }) {
  return (
    <TextLines
      lines={props.items.map((i) =>
        line({
          text: i.text,
          on: props.selected === `env:${i.id}`,
          alarm: i.alarm,
          width: props.width,
        }),
      )}
    />
  );
}

export interface RuleItem {
  /** The rule's cookie (decimal): what the Rules screen selects. */
  cookie: string;
  text: string;
}

/**
 * The rules carrying the most traffic now, for `room` lines (the title included): as many as
 * fit, at most 3, and how many others carry traffic.
 */
export function topRules(
  rules: readonly Rule[],
  room: number,
): { items: RuleItem[]; more: number } {
  const busy = rules
    .filter((r) => (r.datarate_raw ?? 0) > 0)
    .sort((a, b) => (b.datarate_raw ?? 0) - (a.datarate_raw ?? 0));
  const n = Math.max(0, Math.min(3, room - 1, busy.length));
  return {
    items: busy.slice(0, n).map((r) => ({
      cookie: r.cookie.toString(),
      text: `${sanitize(r.name || `cookie ${r.cookie}`)}  ${formatSi(r.datarate_raw, 'b/s')}`,
    })),
    more: busy.length - n,
  };
}

export function TopRules(props: {
  list: { items: readonly RuleItem[]; more: number };
  selected: string;
  width: number;
  /** The rules have been read: "none" means none. */
  known: boolean;
}) {
  const { list } = props;
  return (
    <>
      <Text wrap="truncate">
        <Text bold underline>
          Top rules
        </Text>
        {list.more ? ` (+${list.more} more: 3 Rules)` : ''}
      </Text>
      {list.items.length === 0 ? (
        <Text dimColor>{props.known ? '  none carry traffic' : '  –'}</Text>
      ) : (
        <TextLines
          lines={list.items.map((r) =>
            line({
              text: r.text,
              on: props.selected === `rule:${r.cookie}`,
              alarm: false,
              width: props.width,
            }),
          )}
        />
      )}
    </>
  );
}
