/** Enter on a rule: everything about it, and which rules shadow it or it shadows. */
import { Box } from 'ink';
import { type Rule, sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import { explainCost, shadowsOf } from '../../tcam/index.js';
import { clampLines } from '../../widgets/forms/view.js';
import { type HScrollView, KeyValue, type KeyValuePair, Text } from '../../widgets/index.js';
import { describeMatch } from './apply.js';
import { vlanHelp } from './completion.js';
import { priorityText } from './table.js';

const who = (r: Rule) => `'${r.name || '(no name)'}' prio ${r.priority}: ${describeMatch(r.match)}`;

export function detailPairs(rule: Rule, rules: readonly Rule[]): KeyValuePair[] {
  const shadow = shadowsOf(rule, rules, rule);
  const pairs: KeyValuePair[] = [
    ...(rule.malformed
      ? [['malformed', `✖ ${rule.malformed}: pbc will not edit or delete it`] as KeyValuePair]
      : []),
    ['name', rule.name],
    ['priority', priorityText(rule)],
    ['cookie', `${rule.cookie} (0x${rule.cookie.toString(16)})`],
    ['description', rule.description],
  ];
  const fields = Object.entries(rule.match);
  if (fields.length === 0) pairs.push(['match', '(everything)']);
  for (const [i, [k, v]] of fields.entries())
    pairs.push([i === 0 ? 'match' : '', v === '' ? k : `${k} = ${v}`]);
  for (const [i, a] of rule.actions.entries()) {
    const vlan = vlanHelp(a);
    pairs.push([
      i === 0 ? 'actions' : '',
      `${i + 1}. ${a}${vlan?.startsWith('=') ? `  ${vlan}` : ''}`,
    ]);
  }
  pairs.push(
    [
      'TCAM',
      `${rule.real_flow_ct} ${rule.real_flow_ct === 1 ? 'flow' : 'flows'} (${explainCost(rule.match)})`,
    ],
    ['packets', rule.n_packets.toString()],
    ['bytes', rule.n_bytes.toString()],
    [
      'rate',
      rule.datarate_raw === null
        ? 'n/a'
        : `${formatSi(rule.datarate_raw, 'b/s')} (${rule.datarate})`,
    ],
  );
  const list = (label: string, rs: Rule[]) => {
    if (rs.length === 0) pairs.push([label, 'none']);
    for (const [i, line] of clampLines(rs.map(who), 4, 'rules').entries())
      pairs.push([i === 0 ? label : '', line]);
  };
  list('shadowed by', shadow.shadowedBy);
  list('shadows', shadow.shadows);
  if (shadow.partial.length > 0) list('overlapped by', shadow.partial);
  return pairs;
}

/** The detail's lines that fit under its title at `height` (the last line says what is left). */
export function detailShown(pairs: readonly KeyValuePair[], height: number): KeyValuePair[] {
  return pairs.slice(0, Math.max(1, height - 2));
}

/** Columns of the detail's values at `width` (the panel's padding, labels and a space). */
export const detailValueWidth = (width: number) => Math.max(1, width - 2 - LABEL - 1);
const LABEL = 12;

export function RuleDetail(props: {
  rule: Rule | undefined;
  /** detailPairs of the rule. */
  pairs: readonly KeyValuePair[];
  /** The shown values in the sideways window ←/→ moves (use-hscroll). */
  view: HScrollView;
  width: number;
  height: number;
}) {
  const { rule, pairs, view } = props;
  if (!rule) return <Text>The rule is gone (the rule list changed). Esc returns.</Text>;
  const shown = detailShown(pairs, props.height);
  // scrolled: each value is its window (a value that ends before it shows blank, not '—')
  const lines =
    view.offset > 0 ? shown.map(([k], i): KeyValuePair => [k, view.lines[i] || ' ']) : shown;
  const more = pairs.length > shown.length ? `… ${pairs.length - shown.length} more lines` : '';
  const foot = [more, view.note ? `${view.note} (←/→)` : ''].filter(Boolean).join(' · ');
  return (
    <Box flexDirection="column" width={props.width} height={props.height} paddingX={1}>
      <Text bold wrap="truncate-end">
        Rule {sanitize(who(rule))} · e edit · c clone · d delete · Esc returns
      </Text>
      <KeyValue width={props.width - 2} labelWidth={LABEL} pairs={lines} />
      {foot ? (
        <Text dimColor wrap="truncate">
          {foot}
        </Text>
      ) : null}
    </Box>
  );
}
