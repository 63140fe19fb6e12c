/**
 * The Rules table: one row per active rule, its texts derived for the rows on screen (the
 * filter's search texts once per sorted list, into one string, so filtering 65,536 rules
 * touches no formatting), the columns, and the sort orders.
 */
import type { Rule } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import type { Column } from '../../widgets/index.js';
import { describeMatch } from './apply.js';

/**
 * A rule's identity as text: priority and match (values as strings, as the device compares
 * them). Within one rule list it is unique; it also finds the same rule in the next poll.
 */
export function ruleKeyText(r: {
  priority: number;
  match: Record<string, string>;
  malformed?: string;
  name?: string;
}): string {
  let key = r.malformed ? `✖${r.name ?? ''}|${r.priority}` : String(r.priority);
  for (const k in r.match) key += `|${k}=${r.match[k]}`;
  return key;
}

/** A cookie typed in decimal or 0x hex, compared exactly (64 bits). */
export function cookieIs(cookie: unknown, want: string): boolean {
  const w = want.trim();
  if (!/^(\d+|0x[0-9a-f]+)$/i.test(w)) return false;
  try {
    return BigInt(String(cookie)) === BigInt(w);
  } catch {
    return false;
  }
}

/** Where a traced packet's winning rule stands in the rows shown (-1: hidden by the filter). */
export function winnerAt(rows: readonly RuleRow[], won: Rule): number {
  return rows.findIndex(
    (r) => r.rule === won || (r.rule.cookie === won.cookie && r.rule.priority === won.priority),
  );
}

/** `✖ malformed: priority missing · in_port=null`: a rule no write may name. */
export function malformedText(rule: Rule): string {
  return `✖ malformed: ${rule.malformed} · ${describeMatch(rule.match)}`;
}

/** The priority as shown: '?' when the device did not give one 0..65535. */
export function priorityText(rule: Rule): string {
  const p = rule.priority;
  return rule.malformed && !(Number.isInteger(p) && p >= 0 && p <= 0xffff) ? '?' : String(p);
}

/**
 * One rule's row. It holds the rule and nothing else the rule already says: its texts are
 * derived when asked for (the match and actions of the rows on screen; the search texts once
 * per list, into searchIndex's one string). Made whole, 65,536 rows were a second copy of every
 * rule as text, ~550 bytes a rule (docs/performance.md, "Memory at 65,536 rules").
 */
export class RuleRow {
  /** The identity text, kept once asked for (sort ties and finding a row compare it). */
  private keyText: string | undefined;

  constructor(readonly rule: Rule) {}

  /** Device identity: priority + match, unique on the device. */
  get key(): string {
    this.keyText ??= ruleKeyText(this.rule);
    return this.keyText;
  }

  get match(): string {
    const rule = this.rule;
    return rule.malformed ? malformedText(rule) : describeMatch(rule.match);
  }

  get actions(): string {
    return this.rule.actions.join(',');
  }

  /** Lower-case text of every column, for the `/` filter. */
  get search(): string {
    const rule = this.rule;
    return `${priorityText(rule)} ${rule.name} ${this.match} ${this.actions} ${rule.real_flow_ct} ${rule.n_packets} ${rule.n_bytes} ${rule.datarate} ${rule.description} ${rule.cookie}`.toLowerCase();
  }
}

export function ruleRow(rule: Rule): RuleRow {
  return new RuleRow(rule);
}

export function ruleRows(rules: readonly Rule[]): RuleRow[] {
  const out = new Array<RuleRow>(rules.length);
  for (let i = 0; i < rules.length; i++) out[i] = ruleRow(rules[i]!);
  return out;
}

const big = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const byPriority = (a: RuleRow, b: RuleRow) =>
  b.rule.priority - a.rule.priority ||
  (a.rule.name < b.rule.name ? -1 : a.rule.name > b.rule.name ? 1 : 0) ||
  (a.key < b.key ? -1 : 1);

/** `s` cycles through these; each has its natural direction (priority high→low, counters largest first). */
export const RULE_SORTS: ReadonlyArray<{
  key: string;
  desc: boolean;
  compare: (a: RuleRow, b: RuleRow) => number;
}> = [
  { key: 'prio', desc: true, compare: byPriority },
  {
    key: 'name',
    desc: false,
    compare: (a, b) =>
      a.rule.name < b.rule.name ? -1 : a.rule.name > b.rule.name ? 1 : byPriority(a, b),
  },
  {
    key: 'flows',
    desc: true,
    compare: (a, b) => b.rule.real_flow_ct - a.rule.real_flow_ct || byPriority(a, b),
  },
  {
    key: 'packets',
    desc: true,
    compare: (a, b) => big(b.rule.n_packets, a.rule.n_packets) || byPriority(a, b),
  },
  {
    key: 'bytes',
    desc: true,
    compare: (a, b) => big(b.rule.n_bytes, a.rule.n_bytes) || byPriority(a, b),
  },
  {
    key: 'rate',
    desc: true,
    compare: (a, b) =>
      (b.rule.datarate_raw ?? -1) - (a.rule.datarate_raw ?? -1) || byPriority(a, b),
  },
];

export function sortRows(rows: readonly RuleRow[], index: number, reversed: boolean): RuleRow[] {
  const sorted = [...rows].sort(RULE_SORTS[index]!.compare);
  return reversed ? sorted.reverse() : sorted;
}

/**
 * The rows' search texts joined into one string: a filter is one `indexOf` sweep over it
 * (V8 searches a flat string far faster than 65,536 separate `includes` calls), made once
 * per sorted list.
 */
interface SearchIndex {
  text: string;
  /** Offset of each row's text in `text`. */
  starts: Int32Array;
}

const SEPARATOR = '\u0000';
/**
 * The one index kept: the last list's. Kept per list, the previous poll's stayed beside the
 * new one while that list was still referenced: on 65,536 rules two strings of 5.8 MB.
 */
let last: { rows: readonly RuleRow[]; index: SearchIndex } | undefined;

export function searchIndex(rows: readonly RuleRow[]): SearchIndex {
  if (last?.rows === rows) return last.index;
  last = undefined; // the old index goes before the new one is made
  const starts = new Int32Array(rows.length);
  const texts = new Array<string>(rows.length);
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    const text = rows[i]!.search;
    texts[i] = text;
    starts[i] = at;
    at += text.length + 1;
  }
  last = { rows, index: { text: texts.join(SEPARATOR), starts } };
  return last.index;
}

/** The rows whose text (every column, lower case) contains `filter`, in their order. */
export function filterRows(rows: readonly RuleRow[], filter: string): readonly RuleRow[] {
  const f = filter.trim().toLowerCase().replaceAll(SEPARATOR, '');
  if (!f) return rows;
  const { text, starts } = searchIndex(rows);
  const out: RuleRow[] = [];
  const last = starts.length - 1;
  let row = 0;
  let pos = text.indexOf(f);
  while (pos !== -1) {
    // hits come in order: the row holding this one is at or after the previous row
    while (row < last && starts[row + 1]! <= pos) row++;
    out.push(rows[row]!);
    if (row >= last) break;
    pos = text.indexOf(f, starts[++row]!);
  }
  return out;
}

const count = (n: bigint) => (n < 1000n ? n.toString() : formatSi(Number(n)));

export function ruleColumns(): Column<RuleRow>[] {
  return [
    {
      key: 'prio',
      title: 'PRIO',
      width: 5,
      align: 'right',
      priority: 100,
      render: (r) => priorityText(r.rule),
    },
    {
      key: 'name',
      title: 'NAME',
      width: 14,
      min: 8,
      priority: 90,
      render: (r) => r.rule.name || '–',
    },
    {
      key: 'match',
      title: 'MATCH',
      width: 26,
      min: 14,
      flex: true,
      priority: 95,
      render: (r) => r.match,
    },
    {
      key: 'actions',
      title: 'ACTIONS',
      width: 16,
      min: 9,
      flex: true,
      priority: 85,
      render: (r) => r.actions,
    },
    {
      key: 'flows',
      title: 'FLOWS',
      width: 5,
      align: 'right',
      priority: 80,
      render: (r) => String(r.rule.real_flow_ct),
    },
    {
      key: 'packets',
      title: 'PKTS',
      width: 6,
      align: 'right',
      priority: 60,
      render: (r) => count(r.rule.n_packets),
    },
    {
      key: 'bytes',
      title: 'BYTES',
      width: 6,
      align: 'right',
      priority: 50,
      render: (r) => count(r.rule.n_bytes),
    },
    {
      key: 'rate',
      title: 'b/s',
      width: 6,
      align: 'right',
      priority: 40,
      render: (r) => (r.rule.datarate_raw === null ? 'n/a' : formatSi(r.rule.datarate_raw)),
    },
  ];
}
