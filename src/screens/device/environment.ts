/**
 * The Device screen's environment rows: the fans, the power supplies and each temperature
 * sensor, read-only, with their alarms in words. The Overview's environment lines open here
 * (`fans`, `psu`, `temp:N`).
 */
import { type Environment, READ, sanitize } from '../../model/index.js';
import { fanAlarm, tempAlarm } from '../overview/more.js';
import type { DeviceItem } from './items.js';

const READ_ONLY = 'Read-only: what the device measures (refreshed every 10 s).';

type Sensor = Environment['temp_sensors'][number];

/** Degrees left before the sensor's nearer alarm bound (negative: past it). */
export const tempMargin = (t: Sensor) => Math.min(t.temp - t.lower_alarm, t.upper_alarm - t.temp);

/** The sensor with the least margin to its alarm (the first of equals), or undefined. */
export function closestToAlarm(sensors: readonly Sensor[]): Sensor | undefined {
  return sensors.reduce<Sensor | undefined>(
    (best, t) => (best === undefined || tempMargin(t) < tempMargin(best) ? t : best),
    undefined,
  );
}

/** Redundancy is lost when some supply is absent or alerting while the device runs. */
const lostRedundancy = (env: Environment) =>
  env.psu.length > 1 && env.psu.some((p) => p.status !== 'PRESENT' || p.alert === 'ALERT');

export function environmentItems(env: Environment | undefined): DeviceItem[] {
  if (!env) return [];
  const badFans = env.fan.filter(fanAlarm);
  const alertPsu = env.psu.filter((p) => p.alert === 'ALERT');
  const noSpare = lostRedundancy(env);
  const closest = env.temp_sensors.length > 1 ? closestToAlarm(env.temp_sensors) : undefined;
  const rows: DeviceItem[] = [
    {
      id: 'env:fans',
      label: `${badFans.length ? '! ' : ''}Fans`,
      value: `${env.fan.map((f) => `${f.index}:${f.status} ${f.speed_rate}`).join(' ')}${badFans.length ? ' ALARM' : ''}`,
      level: READ,
      about: [
        ...env.fan.map(
          (f) =>
            `Fan ${f.index}: ${f.status}, ${f.speed_rate}, mode ${f.mode}${fanAlarm(f) ? ' — ALARM: not OK' : ''}`,
        ),
        READ_ONLY,
      ],
    },
    {
      id: 'env:psu',
      label: `${alertPsu.length || noSpare ? '! ' : ''}Power supplies`,
      value: `${env.psu
        .map(
          (p) =>
            `${p.index}:${p.status === 'PRESENT' ? `${p.power}${p.alert === 'ALERT' ? ' ALERT' : ''}` : 'absent'}`,
        )
        .join('  ')}${noSpare ? ' · NO REDUNDANCY' : ''}`,
      level: READ,
      about: [
        ...env.psu.map(
          (p) =>
            `PSU ${p.index}: ${p.status}${p.status === 'PRESENT' ? `, ${p.power}, ${p.type}` : ''}${p.alert === 'ALERT' ? ' — ALERT' : ''}`,
        ),
        ...(noSpare
          ? ['Redundancy lost: the device runs without a spare supply; one more failure stops it.']
          : []),
        READ_ONLY,
      ],
    },
    ...env.temp_sensors.map((t): DeviceItem => {
      const alarm = tempAlarm(t);
      return {
        id: `env:temp:${t.index}`,
        label: `${alarm ? '! ' : ''}Temp ${t.index} ${t.position || '—'}`,
        value: `${t.temp}°C · ${tempMargin(t)}° to alarm${t === closest ? ' ◂ closest' : ''} (alarm outside ${t.lower_alarm}..${t.upper_alarm}, off at ${t.critical_limit})${alarm ? ' ALARM' : ''}`,
        level: READ,
        about: [
          `Temperature sensor ${t.index} (${t.position || 'no position'}): ${t.temp}°C. The device raises an alarm below ${t.lower_alarm}°C or above ${t.upper_alarm}°C and shuts down at ${t.critical_limit}°C.`,
          READ_ONLY,
        ],
      };
    }),
  ];
  return rows.map((i) => ({ ...i, label: sanitize(i.label), value: sanitize(i.value) }));
}
