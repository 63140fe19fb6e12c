/**
 * The Tools screen's rows, from the delivery check (src/traffic/intents/check.ts) of the
 * file's intents against the rules the console holds: pure. The tx and line share come from
 * src/store/figures.ts, as on the Ports screen.
 */
import { sanitize } from '../../model/index.js';
import { classRateText, lineShare, lineShareText, rateText } from '../../store/figures.js';
import type { PortRate } from '../../store/rates.js';
import type { TracePort } from '../../traffic/index.js';
import {
  type ClassRate,
  type Cube,
  type DeliveryCheck,
  examplePacket,
  type Intents,
  REASONS,
  type RuleRef,
  type ToolCheck,
} from '../../traffic/intents/index.js';
import type { FormValues } from '../../widgets/forms/form-state.js';

export type ToolState = '✓' | 'starved' | 'extra' | 'starved+extra';

export interface ToolRow {
  name: string;
  port: number;
  portName: string;
  /** The wants as the file writes them, `|` between them. */
  intent: string;
  state: ToolState;
  tx: string;
  line: string;
  check: ToolCheck;
}

export const matchText = (m: Record<string, string>): string =>
  Object.entries(m)
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
    .join(' ') || 'match all';

export function stateOf(t: ToolCheck): ToolState {
  if (t.ok) return '✓';
  if (t.starved.length > 0 && t.extra.length > 0) return 'starved+extra';
  return t.starved.length > 0 ? 'starved' : 'extra';
}

export function toolRows(
  check: DeliveryCheck,
  intents: Intents,
  ports: readonly TracePort[],
  rates: ReadonlyMap<string, PortRate>,
  lineOf: (port: number) => number | null,
): ToolRow[] {
  return check.tools.map((t, i) => {
    const rate = rates.get(String(t.port));
    const line = lineOf(t.port);
    return {
      name: sanitize(t.name),
      port: t.port,
      portName: sanitize(ports.find((p) => p.no === t.port)?.name ?? String(t.port)),
      intent: sanitize((intents.tools[i]?.wants ?? []).map(matchText).join(' | ')),
      state: stateOf(t),
      tx: rateText(rate?.txBps, line, 'b/s'),
      line: lineShareText(lineShare(rate, line)),
      check: t,
    };
  });
}

export const ruleText = (r: RuleRef | null): string =>
  r === null
    ? 'no rule'
    : sanitize(`${r.priority}${r.name ? ` '${r.name}'` : ''} (${matchText(r.match)})`);

export interface ClassLine {
  kind: 'starved' | 'extra';
  text: string;
  cube: Cube;
}

/** ` · 13.6Mb/s` (or ` · ≤ 13.6Mb/s`) after a class its rule's counter measures. */
const rated = (r: ClassRate | null): string => (r ? ` · ${classRateText(r)}` : '');

/** Enter's list: each starved and extra class, its rate where measured, the rule responsible. */
export function classLines(t: ToolCheck): ClassLine[] {
  return [
    ...t.starved.map((s) => ({
      kind: 'starved' as const,
      // the rate beside the class, then the rule: the line is cut at the screen's edge
      text: sanitize(
        s.reason === REASONS.elsewhere && s.taken_by
          ? `starved ${s.match}${rated(s.rate)} — taken by ${ruleText(s.taken_by)}`
          : `starved ${s.match}${rated(s.rate)} — ${s.reason}${s.taken_by ? `: ${ruleText(s.taken_by)}` : ''}`,
      ),
      cube: s.cube,
    })),
    ...t.extra.map((e) => ({
      kind: 'extra' as const,
      text: sanitize(`extra   ${e.match}${rated(e.rate)} — from ${ruleText(e.rule)}`),
      cube: e.cube,
    })),
  ];
}

/** The trace form's values for an example packet of the class. */
export function traceValues(c: Cube): FormValues {
  const f = examplePacket(c);
  const v: FormValues = { in_port: String(f.in_port) };
  const proto =
    f.nw_proto === 6 ? 'tcp' : f.nw_proto === 17 ? 'udp' : f.nw_proto === 1 ? 'icmp' : '';
  if (proto) v.protocol = proto;
  else if (f.dl_type === 0x0800) v.protocol = 'ip';
  if (f.nw_src) v.nw_src = f.nw_src;
  if (f.nw_dst) v.nw_dst = f.nw_dst;
  if (proto === 'tcp' || proto === 'udp') {
    if (f.tp_src !== undefined) v.src_port = String(f.tp_src);
    if (f.tp_dst !== undefined) v.dst_port = String(f.tp_dst);
  }
  if (f.vlan !== undefined) v.dl_vlan = String(f.vlan);
  if (f.nw_proto !== undefined && !proto) v.more = `nw_proto=${f.nw_proto}`;
  return v;
}
