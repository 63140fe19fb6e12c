/** The Journal screen's detail of a change from outside (src/ops/journal-observed.ts). */
import type { JournalObserved } from '../../ops/journal-file.js';
import { seenSummary } from '../../ops/journal-observed.js';

/** What the detail view says of one. */
export function seenLines(o: JournalObserved): string[] {
  const total = o.added + o.removed + o.changed;
  return [
    `${o.what} changed outside this console · seen ${o.time} · ${seenSummary(o).split(':')[0]}`,
    'made by someone else (another operator, another pbc, the device’s own UI): no undo here',
    ...o.items.map((l) => `  ${l}`),
    ...(total > o.items.length ? [`  … and ${total - o.items.length} more`] : []),
  ];
}
