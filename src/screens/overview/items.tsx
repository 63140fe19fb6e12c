/**
 * The Overview's ports that need a look, as a list Enter opens: the top talkers and the
 * ports counting errors or drops now. One port per line, never cut mid-name; what does not
 * fit is counted ("+4 more").
 */

import type { ReactNode } from 'react';
import { sanitize } from '../../model/index.js';
import { erroringNow, talkerBps, talkerText } from '../../store/figures.js';
import { formatSi } from '../../store/rates.js';
import { clipLine, Text, truncateText } from '../../widgets/index.js';
import type { PortRow } from '../ports/rows.js';

export interface OverviewItem {
  kind: 'talker' | 'erring';
  port: string;
  text: string;
}

export interface OverviewList {
  items: OverviewItem[];
  /** Ports of each kind left out for want of room. */
  more: { talker: number; erring: number };
}

/**
 * At most `room` lines for both lists (their titles and "+N more" lines included): the top
 * talkers (at most 3) first, then the erroring ports, busiest first.
 */
export function overviewItems(rows: readonly PortRow[], room: number): OverviewList {
  // ranked by the busier direction, shown rx and tx each labelled (src/store/figures.ts)
  const talkers = rows
    .filter((r) => (talkerBps(r.rate) ?? 0) > 0)
    .sort((a, b) => (talkerBps(b.rate) ?? 0) - (talkerBps(a.rate) ?? 0));
  // the ports the Ports screen marks `! err` / `! drop`
  const erring = rows
    .filter((r) => erroringNow(r.rate) !== null)
    .sort((a, b) => (b.rate?.errPps ?? 0) - (a.rate?.errPps ?? 0));
  // titles: 2 lines; the talkers get up to 3, the erroring ports what is left
  const space = Math.max(2, room - 2);
  const take = (n: number, avail: number) => (n <= avail ? n : Math.max(0, avail - 1));
  const t = take(Math.min(3, talkers.length), Math.min(3, space - 1));
  const moreT = Math.min(3, talkers.length) > t ? 1 : 0;
  const e = take(erring.length, Math.max(1, space - t - moreT));
  const items: OverviewItem[] = [
    ...talkers.slice(0, t).map((r) => ({
      kind: 'talker' as const,
      port: r.name,
      text: `${sanitize(r.name)}  ${talkerText(r.rate, r.lineBps)}`,
    })),
    ...erring.slice(0, e).map((r) => ({
      kind: 'erring' as const,
      port: r.name,
      text: `${sanitize(r.name)}  ${nowText(r)}`,
    })),
  ];
  return {
    items,
    more: { talker: Math.min(3, talkers.length) - t, erring: erring.length - e },
  };
}

/**
 * What is wrong now, by name: `ERR 5.45/s`, `DROP 3.72M/s` (an oversubscribed tool port drops,
 * it does not err) or both. The counts come from the last two samples.
 */
function nowText(r: PortRow): string {
  const errs = r.rate?.errsPs ?? 0;
  const drops = r.rate?.dropsPs ?? 0;
  return [
    errs > 0 ? `ERR ${formatSi(errs, '/s')}` : '',
    drops > 0 ? `DROP ${formatSi(drops, '/s')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Lines the list takes with `list` (titles, items, "+N more", and "none" lines). */
export function overviewListLines(list: OverviewList): number {
  const t = list.items.filter((i) => i.kind === 'talker').length;
  const e = list.items.length - t;
  return (
    2 + Math.max(1, t) + (list.more.talker ? 1 : 0) + Math.max(1, e) + (list.more.erring ? 1 : 0)
  );
}

/**
 * The lists' lines (titles, items, "+N more", "none"), each within `width`: lines of one text
 * (TextLines), not a node each.
 */
export function overviewItemLines(props: {
  list: OverviewList;
  selected: number;
  width: number;
  /** Rates exist (two samples): "none" means none, not "not yet known". */
  known: boolean;
}): ReactNode[] {
  const { list, width } = props;
  const line = (item: OverviewItem, i: number) => {
    const on = i === props.selected;
    return (
      <Text inverse={on} {...(item.kind === 'erring' ? { color: 'yellow' } : {})}>
        {on ? '› ' : '  '}
        {truncateText(item.text, Math.max(1, width - 2)).text}
      </Text>
    );
  };
  const talkers = list.items.map((x, i) => [x, i] as const).filter(([x]) => x.kind === 'talker');
  const erring = list.items.map((x, i) => [x, i] as const).filter(([x]) => x.kind === 'erring');
  // every port erroring now (the Ports screen's `N erroring now`), listed or not
  const n = erring.length + list.more.erring;
  const none = <Text dimColor>{props.known ? '  none' : '  –'}</Text>;
  return [
    clipLine('Top talkers rx/tx b/s (Enter opens)', width),
    ...(talkers.length ? talkers.map(([x, i]) => line(x, i)) : [none]),
    ...(list.more.talker
      ? [<Text key="more-talkers" dimColor>{`  +${list.more.talker} more`}</Text>]
      : []),
    clipLine(`Errors/drops now${n > 0 ? `: ${n} ${n === 1 ? 'port' : 'ports'}` : ''}`, width),
    ...(erring.length ? erring.map(([x, i]) => line(x, i)) : [none]),
    ...(list.more.erring
      ? [
          <Text
            key="more-erring"
            dimColor
          >{`  +${list.more.erring} more (2 Ports lists them all)`}</Text>,
        ]
      : []),
  ];
}
