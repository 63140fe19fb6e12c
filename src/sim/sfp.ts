/**
 * GET /ports/sfpstatus: a fixed-width transceiver table in the style of `show transceiver`.
 * Every port with a cage (all types but pure RJ45) gets one line; values are derived
 * deterministically from the cage number, so they stay the same between calls except for a
 * slow drift of temperature and receive power with `now`.
 */
import type { PortDef } from './chassis.js';
import { between, hash32 } from './prng.js';

interface Module {
  vendor: string;
  part: string;
  serialPrefix: string;
  /** Nominal wavelength in nm; 0 for copper (DAC), which also has no optical power. */
  wavelength: number;
}

const SFP_1G: readonly Module[] = [
  { vendor: 'FINISAR CORP.', part: 'FTLF8519P3BNL', serialPrefix: 'PKN', wavelength: 850 },
  { vendor: 'AVAGO', part: 'AFBR-5710PZ', serialPrefix: 'AA1', wavelength: 850 },
  { vendor: 'FINISAR CORP.', part: 'FTLF1318P3BTL', serialPrefix: 'PQT', wavelength: 1310 },
];
const SFP_10G: readonly Module[] = [
  { vendor: 'FINISAR CORP.', part: 'FTLX8571D3BCL', serialPrefix: 'AQG', wavelength: 850 },
  { vendor: 'CISCO-FINISAR', part: 'FTLX1471D3BCL-CS', serialPrefix: 'FNS', wavelength: 1310 },
  { vendor: 'FS', part: 'SFP-10GSR-85', serialPrefix: 'F18', wavelength: 850 },
  { vendor: 'Intel Corp', part: 'FTLX8571D3BCV-IT', serialPrefix: 'AJR', wavelength: 850 },
];
const QSFP_40G: readonly Module[] = [
  { vendor: 'FINISAR CORP.', part: 'FTL410QE2C', serialPrefix: 'MVA', wavelength: 850 },
  { vendor: 'Mellanox', part: 'MC2210411-SR4', serialPrefix: 'MT1', wavelength: 850 },
];
const QSFP_100G: readonly Module[] = [
  { vendor: 'FINISAR CORP.', part: 'FTLC9551REPM', serialPrefix: 'X7N', wavelength: 850 },
  { vendor: 'FS', part: 'QSFP28-SR4-100G', serialPrefix: 'G20', wavelength: 850 },
];
const BREAKOUT: readonly Module[] = [
  { vendor: 'Amphenol', part: '616740001', serialPrefix: 'APF', wavelength: 0 },
];

function catalogue(port: PortDef): readonly Module[] {
  switch (port.type) {
    case 2:
    case 3:
      return SFP_1G;
    case 6:
    case 8:
      return QSFP_40G;
    case 7:
      return QSFP_100G;
    case 10:
      return BREAKOUT;
    default:
      return SFP_10G;
  }
}

const COLUMNS: readonly [string, number][] = [
  ['Port', 12],
  ['Vendor', 16],
  ['Part Number', 18],
  ['Serial Number', 16],
  ['Wave(nm)', 10],
  ['Tx(dBm)', 9],
  ['Rx(dBm)', 9],
  ['Temp(C)', 9],
];

function row(cells: readonly string[]): string {
  return cells
    .map((cell, i) => {
      const width = COLUMNS[i]![1];
      return i < 4 ? cell.padEnd(width) : cell.padStart(width - 1).padEnd(width);
    })
    .join('')
    .trimEnd();
}

function dBm(value: number): string {
  return value.toFixed(2);
}

function serial(prefix: string, cage: number, sub: number): string {
  const n = hash32(0x5f9, cage, sub).toString(36).toUpperCase().padStart(7, '0');
  return `${prefix}${n.slice(0, 7)}`;
}

export function sfpStatus(state: { ports: readonly PortDef[] }, now = 0): string {
  const lines = [
    row(COLUMNS.map(([title]) => title)),
    row(COLUMNS.map(([, w]) => '-'.repeat(w - 2))),
  ];
  const hours = now / 3_600_000;
  for (const p of state.ports) {
    if (p.media_type === 'rj45') continue;
    const m = /^eth-0-(\d+)(?:\/(\d+))?$/.exec(p.if_name);
    const cage = Number(m?.[1] ?? 0);
    const sub = Number(m?.[2] ?? 0);
    if (!p.module) {
      lines.push(`${p.if_name.padEnd(COLUMNS[0]![1])}not present`);
      continue;
    }
    const list = catalogue(p);
    const mod = list[hash32(0x7a3, cage) % list.length]!;
    // Break-out children share the cage's cable; SFP-split children each have their own module.
    const serialSub = p.type === 10 ? 0 : sub;
    const temp =
      between(27, 41, 0x7e3, cage, sub) + 1.5 * Math.sin(hours * 0.7 + cage) + (p.cable ? 2 : 0);
    let tx = '-';
    let rx = '-';
    let wave = 'N/A';
    if (mod.wavelength > 0) {
      wave = String(mod.wavelength);
      tx = p.config.shutdown ? dBm(-40) : dBm(between(-5.5, -1.0, 0x71, cage, sub));
      rx = p.cable
        ? dBm(between(-8.5, -2.0, 0x72, cage, sub) + 0.05 * Math.sin(hours * 2.3 + sub))
        : dBm(-40);
    }
    lines.push(
      row([
        p.if_name,
        mod.vendor,
        mod.part,
        serial(mod.serialPrefix, cage, serialSub),
        wave,
        tx,
        rx,
        mod.wavelength > 0 ? temp.toFixed(1) : '-',
      ]),
    );
  }
  return `${lines.join('\n')}\n`;
}
