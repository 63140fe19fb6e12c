/**
 * Simulated device health: fans, PSUs and temperature sensors (GET /device/environment),
 * load average and memory usage. Pure functions of (seed, now): values drift slowly along
 * seeded sinusoids plus a little per-interval jitter, always within the sensors' alarms.
 */
import type { Environment, Fan, LoadAverage, TempSensor } from '../model/types.js';
import { between, unit } from './prng.js';

const TAU = 2 * Math.PI;

/** Slow seeded wave in [-1, 1] with period `periodMs`. */
function drift(seed: number, k: number, periodMs: number, now: number): number {
  return Math.sin(TAU * ((now % periodMs) / periodMs) + between(0, TAU, seed, k, 0xd1));
}

/** Seeded jitter in [-1, 1) that changes every `stepMs`. */
function jitter(seed: number, k: number, stepMs: number, now: number): number {
  return 2 * unit(seed, k, Math.floor(now / stepMs), 0x717) - 1;
}

interface SensorSpec {
  position: string;
  lo: number;
  hi: number;
  lower: number;
  upper: number;
  critical: number;
}

const SENSORS: readonly SensorSpec[] = [
  { position: 'CPU', lo: 44, hi: 52, lower: 0, upper: 85, critical: 100 },
  { position: 'ASIC', lo: 50, hi: 58, lower: 0, upper: 90, critical: 105 },
  { position: 'inlet', lo: 23, hi: 28, lower: 0, upper: 50, critical: 60 },
  { position: 'outlet', lo: 32, hi: 38, lower: 0, upper: 65, critical: 80 },
  { position: '', lo: 30, hi: 36, lower: -5, upper: 70, critical: 85 },
];

export function environment(seed: number, now: number): Environment {
  const temp_sensors: TempSensor[] = SENSORS.map((s, i) => {
    const base = between(s.lo, s.hi, seed, i, 0x7e);
    // Amplitude ≤ 4.5 °C and base ≤ upper - 10: the reading always stays inside the alarms.
    const t =
      base + 3 * drift(seed, i, 47 * 60_000, now) + 1 * drift(seed, 10 + i, 9 * 60_000, now);
    const temp = Math.round(t + 0.5 * jitter(seed, i, 30_000, now));
    return {
      index: i + 1,
      temp: Math.min(s.upper - 1, Math.max(s.lower + 1, temp)),
      lower_alarm: s.lower,
      upper_alarm: s.upper,
      critical_limit: s.critical,
      position: s.position,
    };
  });
  const inlet = temp_sensors[2]!.temp;
  const fan: Fan[] = [0, 1, 2, 3].map((i) => {
    const pct =
      38 + 2 * (inlet - 25) + 3 * drift(seed, 20 + i, 13 * 60_000, now) + (i % 2 ? 1 : -1);
    return {
      index: String(i + 1),
      status: 'OK',
      speed_rate: `${Math.round(Math.min(100, Math.max(20, pct)))}%`,
      mode: 'auto',
    };
  });
  return {
    fan,
    psu: [
      { index: 1, status: 'PRESENT', power: 'OK', type: 'AC', alert: 'NO' },
      { index: 2, status: 'ABSENT', power: '-', type: '-', alert: 'NO' },
    ],
    temp_sensors,
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** `seed` is optional so callers without a device seed get a stable default. */
export function loadAverage(now: number, seed = 0): LoadAverage {
  const level = between(0.3, 0.9, seed, 0x10ad);
  const l1 = level + 0.35 * drift(seed, 31, 7 * 60_000, now) + 0.15 * jitter(seed, 32, 5_000, now);
  const l5 = level + 0.2 * drift(seed, 31, 7 * 60_000, now - 150_000);
  const l15 = level + 0.08 * drift(seed, 33, 40 * 60_000, now);
  return {
    average_1m: round2(Math.max(0.01, l1)),
    average_5m: round2(Math.max(0.01, l5)),
    average_15m: round2(Math.max(0.01, l15)),
    proc_no_running: 1 + Math.floor(3 * unit(seed, 34, Math.floor(now / 5_000))),
    proc_no_total: 181 + Math.round(4 * drift(seed, 35, 20 * 60_000, now)),
  };
}

const MEMORY_TOTALS = [2_031_616, 4_039_716, 8_145_220] as const;

/** Memory in KiB. */
export function memoryUsage(now: number, seed = 0): { total: number; free: number } {
  const total = MEMORY_TOTALS[Math.floor(unit(seed, 0x3e3) * MEMORY_TOTALS.length)]!;
  const share =
    between(0.35, 0.5, seed, 0x3e4) +
    0.04 * drift(seed, 41, 33 * 60_000, now) +
    0.005 * jitter(seed, 42, 5_000, now);
  return { total, free: Math.floor(total * share) };
}
