/**
 * A port's detail as label/value pairs: every counter, and its settings (with what waits for a
 * reboot) beside its rates now, peak and share of the line rate.
 */
import { PORT_COUNTERS } from '../../model/index.js';
import type { PendingSetting } from '../../model/port-pending.js';
import { type LineShare, lineShareText, rateText } from '../../store/figures.js';
import { formatSi } from '../../store/rates.js';
import { gaugeText, type KeyValuePair } from '../../widgets/index.js';
import type { PortRow } from './rows.js';

export function counterPairs(r: PortRow): [string, string][] {
  return PORT_COUNTERS.map((k): [string, string] => [k, r.stats ? r.stats[k].toString() : '–']);
}

export function settingPairs(
  r: PortRow,
  pending: readonly PendingSetting[],
  share: LineShare | null,
): KeyValuePair[] {
  const c = r.config;
  const was = (field: 'xg_speed' | 'split') => pending.find((p) => p.field === field);
  const splitNext = was('split')?.to;
  const xgNext = was('xg_speed')?.to;
  const split = c
    ? splitNext
      ? `${was('split')?.from} ⟳ next: ${splitNext} after reboot`
      : c.split
    : '–';
  const xg = c?.xg_speed
    ? xgNext
      ? `${c.xg_speed.currSetting} ⟳ next: ${xgNext} after reboot`
      : `${c.xg_speed.currSetting} (next ${c.xg_speed.nextSetting})`
    : '–';
  const line = r.lineBps
    ? `${gaugeText(share?.share ?? 0, 1, 8).bar} ${lineShareText(share)} of ${formatSi(r.lineBps, 'b/s')}`
    : '– (no link)';
  return [
    ['speed', r.speed],
    ['duplex', r.duplex],
    ['type', c ? String(c.type) : '–'],
    ['media', c?.media_type ?? '–'],
    ['split', split],
    ['xg_speed', xg],
    ['mac', r.info?.mac_addr ?? '–'],
    ['rx now', `${rateText(r.rate?.rxBps, r.lineBps, 'b/s')} ${formatSi(r.rate?.rxPps, 'p/s')}`],
    ['tx now', `${rateText(r.rate?.txBps, r.lineBps, 'b/s')} ${formatSi(r.rate?.txPps, 'p/s')}`],
    ['peak', formatSi(r.rate?.peakBps ?? null, 'b/s')],
    ['line rate', line],
    [
      'errors now',
      `${formatSi(r.rate?.errsPs, '/s')} errors, ${formatSi(r.rate?.dropsPs, '/s')} drops`,
    ],
  ];
}
