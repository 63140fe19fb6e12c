/**
 * The Rules table's rows for each polled rule list, and their sorted orders, each made once:
 * they are kept (in WeakMaps) with the list they come from, so coming back to the screen
 * (after the help, say) costs nothing. A list of up to ROWS_AT_ONCE rules is made in the
 * render. A bigger one — 65,536 rules take ~200 ms — is made a slice at a time between
 * frames, then sorted in a turn of its own, while the previous poll's rows stay on screen:
 * keys keep working during the poll that brings it.
 */
import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { Rule } from '../../model/index.js';
import type { RuleList } from '../../ops/index.js';
import { useConsole } from '../../store/react.js';
import type { ConsoleStore } from '../../store/store.js';
import { filterRows, type RuleRow, ruleRow, searchIndex, sortRows } from './table.js';

/** Lists up to this long are made at once (a TCAM holds 4,096 flows). */
export const ROWS_AT_ONCE = 4096;
/** Rows per slice of a bigger list (~3 ms on the build machine). */
const ROWS_SLICE = 1024;
/** Waits for the event loop's next turn (after pending I/O, timers and renders). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The rows of one rule list, made all at once or a slice at a time. */
export class RowsJob {
  readonly rows: RuleRow[];
  private next = 0;
  private running: Promise<RuleRow[]> | undefined;

  constructor(private readonly rules: readonly Rule[]) {
    this.rows = new Array<RuleRow>(rules.length);
  }

  get done(): boolean {
    return this.next === this.rules.length;
  }

  /** Makes the rows still missing, now. */
  finish(): RuleRow[] {
    this.step(this.rules.length);
    return this.rows;
  }

  /** Makes the rows still missing a slice per turn; one run however often it is asked for. */
  run(slice = ROWS_SLICE): Promise<RuleRow[]> {
    this.running ??= (async () => {
      for (this.step(slice); !this.done; this.step(slice)) await nextTurn();
      return this.rows;
    })();
    return this.running;
  }

  private step(count: number): void {
    const end = Math.min(this.rules.length, this.next + count);
    for (let i = this.next; i < end; i++) this.rows[i] = ruleRow(this.rules[i]!);
    this.next = end;
  }
}

const jobs = new WeakMap<RuleList, RowsJob>();

export function rowsJob(list: RuleList): RowsJob {
  let job = jobs.get(list);
  if (job === undefined) {
    job = new RowsJob(list.rules);
    jobs.set(list, job);
  }
  return job;
}

const sorts = new WeakMap<readonly RuleRow[], Map<string, RuleRow[]>>();

/** `sortRows`, made once per row list and order. */
export function sortedRows(rows: readonly RuleRow[], index: number, reversed: boolean): RuleRow[] {
  let orders = sorts.get(rows);
  if (orders === undefined) {
    orders = new Map();
    sorts.set(rows, orders);
  }
  const order = `${index}${reversed ? ' reversed' : ''}`;
  let sorted = orders.get(order);
  if (sorted === undefined) {
    sorted = sortRows(rows, index, reversed);
    orders.set(order, sorted);
  }
  return sorted;
}

export interface RuleTable {
  /** The rows in the device's order. */
  all: readonly RuleRow[];
  /** The same rows in the order chosen with s/S. */
  sorted: readonly RuleRow[];
}

const NONE: readonly RuleRow[] = [];
/** Big lists whose rows were made and sorted in the background. */
const settled = new WeakSet<RowsJob>();
/** The rows last shown by each console (its store), for a Rules screen opened again. */
const lastShown = new WeakMap<ConsoleStore, readonly RuleRow[]>();

/**
 * The rows to show for `list`: its own; while a big list is still being made, the rows shown
 * before (by this console's Rules screen, even one since closed for the help).
 */
export function useRuleTable(
  list: RuleList | undefined,
  sort: { index: number; reversed: boolean },
): RuleTable {
  const { store } = useConsole();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const order = useRef(sort);
  order.current = sort;
  const job = list === undefined ? undefined : rowsJob(list);
  const before = lastShown.get(store);
  let all: readonly RuleRow[];
  if (job === undefined) all = NONE;
  else if (settled.has(job) || job.rows.length <= ROWS_AT_ONCE || before === undefined)
    all = job.finish();
  else all = before;
  useEffect(() => {
    if (job !== undefined) lastShown.set(store, all);
  });
  useEffect(() => {
    if (job === undefined || settled.has(job) || job.rows.length <= ROWS_AT_ONCE) return;
    let mounted = true;
    void job.run().then(async (rows) => {
      // each in a turn of its own: the last slice, the sort, the render
      await nextTurn();
      sortedRows(rows, order.current.index, order.current.reversed);
      settled.add(job);
      await nextTurn();
      if (mounted) rerender();
    });
    return () => {
      mounted = false;
    };
  }, [job]);
  return { all, sorted: sortedRows(all, sort.index, sort.reversed) };
}

/** The table's rows and those the `/` filter shows; its search index is built between polls. */
export function useShownRules(
  list: RuleList | undefined,
  sort: { index: number; reversed: boolean },
  filter: string,
): RuleTable & { rows: readonly RuleRow[] } {
  const { all, sorted } = useRuleTable(list, sort);
  const rows = useMemo(() => filterRows(sorted, filter), [sorted, filter]);
  // build the filter's search index between polls, not on the first `/` keystroke
  useEffect(() => {
    const t = setTimeout(() => searchIndex(sorted), 50);
    return () => clearTimeout(t);
  }, [sorted]);
  return { all, sorted, rows };
}
