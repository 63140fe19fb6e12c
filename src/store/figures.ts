/**
 * The figures screens show, each computed here once, so the header, the gauges, the lists and
 * a port's detail never disagree (issue 28):
 *
 * - a percent of a bounded whole (TCAM flows, line rate): whole percent rounded DOWN (99.9 %
 *   never reads 100 %), `<1` when something is used but less than 1 % (never `0 %` beside a
 *   count that is not 0), HIGH from 90 %, FULL from 100 %;
 * - a port's share of its line rate: the busier direction (full duplex: rx and tx each have the
 *   whole line); a measured rate above the line rate (two polls' counters read a little apart
 *   in time) is shown AT the line rate with a `+` mark, never as `104%`;
 * - "erroring now": a port counting errors (`! err`) or drops (`! drop`) between the last two
 *   samples — the marks and the count are the same test;
 * - a top talker: ranked by its busier direction, shown as `rx … tx …` (never an unlabelled
 *   rx+tx sum that reads like 13.4 Gb/s on a 10G port).
 */
import { type FillLevel, levelOf, percentText, ratioOf } from '../model/percent.js';
import type { PortRate } from './rates.js';
import { formatSi } from './rates.js';

// the percent of a bounded whole lives in src/model (the TCAM checks of src/tcam use it too)
export { type FillLevel, levelOf, percentOf, percentText, ratioOf } from '../model/percent.js';

/** TCAM (or any bounded) usage as shown: `21/4096 (<1%)`, with its level. */
export interface Usage {
  used: number;
  max: number;
  ratio: number;
  /** percentText of the ratio: `<1`, `42`. */
  pct: string;
  level: FillLevel;
}

export function usage(used: number, max: number): Usage {
  const ratio = ratioOf(used, max);
  return { used, max, ratio, pct: percentText(ratio), level: levelOf(ratio) };
}

/** `TCAM 21/4096 (<1%)`, `TCAM 3700/4096 (90%) HIGH`. */
export function usageText(label: string, u: Usage): string {
  const word = u.level === 'high' ? ' HIGH' : u.level === 'full' ? ' FULL' : '';
  return `${label} ${u.used}/${u.max} (${u.pct}%)${word}`;
}

/** A port's use of its line rate now. */
export interface LineShare {
  /** The busier direction over the line rate, at most 1. */
  share: number;
  /** The measured rate passed the line rate (shown at the line rate, marked `+`). */
  over: boolean;
}

type Rates = Pick<PortRate, 'rxBps' | 'txBps'> | undefined;

/** The busier direction's share of the line rate (null without a rate or a line rate). */
export function lineShare(rate: Rates, lineBps: number | null | undefined): LineShare | null {
  const rx = rate?.rxBps;
  const tx = rate?.txBps;
  if (rx === null || rx === undefined || tx === null || tx === undefined || !lineBps) return null;
  const raw = Math.max(rx, tx) / lineBps;
  return { share: Math.min(1, raw), over: raw > 1 };
}

/** `42%`, `<1%`, `0%`, `100%+` (measured above the line rate), `–` without one. */
export function lineShareText(s: LineShare | null): string {
  if (s === null) return '–';
  return `${percentText(s.share)}%${s.over ? '+' : ''}`;
}

/** Why a `+` is there, in words (the port detail says it). */
export const OVER_LINE_NOTE = '+ measured above the line rate (counter timing): shown at it';

/**
 * A rate in one direction as shown beside its line rate: `9.87G`, `10.0G+` when the measured
 * rate passed the line rate (shown at the line rate), `–` without a rate.
 */
export function rateText(
  bps: number | null | undefined,
  lineBps: number | null,
  unit = '',
): string {
  if (bps === null || bps === undefined) return formatSi(bps, unit);
  if (lineBps && bps > lineBps) return `${formatSi(lineBps, unit)}+`;
  return formatSi(bps, unit);
}

export type Erroring = 'err' | 'drop' | null;

/** Erroring now: counting errors (first) or drops between the last two samples. */
export function erroringNow(rate: Pick<PortRate, 'errsPs' | 'dropsPs'> | undefined): Erroring {
  if ((rate?.errsPs ?? 0) > 0) return 'err';
  if ((rate?.dropsPs ?? 0) > 0) return 'drop';
  return null;
}

/** How many ports are erroring now (the `! err` and `! drop` rows). */
export function erroringCount(
  rates: Iterable<Pick<PortRate, 'errsPs' | 'dropsPs'> | undefined>,
): number {
  let n = 0;
  for (const r of rates) if (erroringNow(r) !== null) n++;
  return n;
}

/** A top talker's rank: its busier direction, bit/s (null without a rate). */
export function talkerBps(rate: Rates): number | null {
  const rx = rate?.rxBps;
  const tx = rate?.txBps;
  if (rx === null || rx === undefined || tx === null || tx === undefined) return null;
  return Math.max(rx, tx);
}

/**
 * `99% rx 9.87G tx 10.0G+`: the share of the line rate (when known) and both directions in
 * bit/s, each labelled, each against the line rate (the list's title says `b/s`).
 */
export function talkerText(rate: Rates, lineBps: number | null): string {
  const share = lineShare(rate, lineBps);
  const pct = share ? `${lineShareText(share)} ` : '';
  return `${pct}rx ${rateText(rate?.rxBps, lineBps)} tx ${rateText(rate?.txBps, lineBps)}`;
}

/**
 * A delivery-check class's measured rate (src/traffic/intents/rates.ts): `13.6Mb/s` when the
 * class is all its rule counts, `≤ 13.6Mb/s` when the rule's rate only bounds it; '' when no
 * counter counts the class. `pbc tools check` and the Tools screen both show this.
 */
export function classRateText(rate: { bps: number; exact: boolean } | null): string {
  if (!rate) return '';
  return `${rate.exact ? '' : '≤ '}${formatSi(rate.bps, 'b/s')}`;
}
