/**
 * The rule editor's traffic impact, beside the TCAM preview: src/tcam's ruleImpact for the
 * rule being typed (add, modify, replace) or a rule being deleted, in the editor's words —
 * a summary line (what it takes from other rules, and of the traffic no rule matches today on
 * its input ports, bounded from their rx rate), one line of per-port changes, and a warning per port that would pass its
 * line rate (also repeated in the confirmation). After apply the prediction is kept and,
 * two polls later, compared with what the ports measure (`impactCheck`).
 */

import type { Rule } from '../../model/index.js';
import { sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import {
  type Impact,
  type ImpactChange,
  type PortImpact,
  portImpactText,
  ruleImpact,
} from '../../traffic/index.js';
import type { TrafficView } from '../traffic-view.js';
import type { Analysis } from './analysis.js';

export interface EditorImpact {
  impact: Impact<Rule>;
  /** `traffic: takes 5.70–6.70Gb/s from 'web' (all), 'tap' (part)`. */
  summary: string;
  /** `eth-0-9: 6.1 → 11.8–12.8 Gbit/s of 10G: oversubscribed · eth-0-10: …`, '' when no port changes. */
  ports: string;
  /** One per port that would pass its line rate. */
  warnings: string[];
}

const names = (rules: readonly Rule[], what: string, max = 2) => {
  const shown = rules.slice(0, max).map((r) => `'${sanitize(r.name || '(no name)')}' (${what})`);
  return rules.length > max ? [...shown, `${rules.length - max} more`] : shown;
};

const range = (lo: number, hi: number) =>
  formatSi(lo) === formatSi(hi) ? formatSi(hi, 'b/s') : `${formatSi(lo)}–${formatSi(hi, 'b/s')}`;

/**
 * `up to 58.0Gb/s that no rule matches today on eth-0-19` ('' when none): the traffic no rule
 * matches that the new rule may take (at least its lower bound), by input port, largest first.
 */
export function unmatchedText(impact: Impact<Rule>): string {
  const u = impact.unmatched;
  if (u.length === 0) return '';
  const lo = impact.unmatchedLo;
  const hi = impact.unmatchedHi;
  const amount = lo < 1 ? `up to ${formatSi(hi, 'b/s')}` : range(lo, hi);
  const shown = u.slice(0, 2).map((x) => sanitize(x.port.name));
  const more = u.length > 2 ? ` and ${u.length - 2} more ports` : '';
  return `${amount} that no rule matches today on ${shown.join(', ')}${more}`;
}

/** Where a deleted (or replaced) rule's traffic goes, in words. */
export function fallsText(impact: Impact<Rule>, newName = 'the new rule'): string {
  const parts = impact.falls.map((f) => {
    const to =
      f.rule === undefined
        ? 'dropped (no rule matches)'
        : f.rule === null
          ? newName
          : `'${sanitize(f.rule.name || '(no name)')}' (${f.rule.actions.join(',') || 'no actions'})`;
    return `${range(f.lo, f.hi)} → ${to}`;
  });
  return parts.join(', ');
}

function portsText(ports: readonly PortImpact[]): string {
  return ports.map(portImpactText).join(' · ');
}

function wrap(impact: Impact<Rule>, summary: string): EditorImpact {
  const unknown = impact.unknownRates ? ' (some rates n/a: not counted)' : '';
  return {
    impact,
    summary: `${summary}${unknown}`,
    ports: portsText(impact.ports),
    warnings: impact.ports.filter((p) => p.over).map(portImpactText),
  };
}

/** The impact of the rule in the editor; null while its priority is not a number. */
export function editorImpact(a: Analysis, traffic: TrafficView): EditorImpact | null {
  if (a.priority === null || !traffic.known) return null;
  const rule = { priority: a.priority, match: a.match, actions: a.actions };
  const target = a.target;
  const change: ImpactChange<Rule> =
    a.intent === 'modify' && target
      ? { kind: 'modify', target, rule }
      : a.intent === 'replace' && target
        ? { kind: 'replace', target, rule }
        : { kind: 'add', rule };
  const impact = ruleImpact(change, traffic);
  if (change.kind === 'modify')
    return wrap(
      impact,
      `traffic: its own ${formatSi(impact.ownBps, 'b/s')} follows the new actions`,
    );
  const fromRules =
    impact.full.length + impact.partial.length === 0
      ? ''
      : `${range(impact.takenLo, impact.takenHi)} from ${[
          ...names(impact.full, 'all'),
          ...names(impact.partial, 'part'),
        ].join(', ')}`;
  const fromNowhere = unmatchedText(impact);
  const taken =
    fromRules || fromNowhere
      ? `takes ${[fromRules, fromNowhere].filter(Boolean).join(' and ')}`
      : 'takes no measured traffic from other rules';
  const old = change.kind === 'replace' ? ` · old rule's ${fallsText(impact)}` : '';
  return wrap(impact, `traffic: ${taken}${old}`);
}

/** The impact of deleting `rule`: where its traffic falls, and the ports that change. */
export function deleteImpact(rule: Rule, traffic: TrafficView): EditorImpact | null {
  if (!traffic.known || rule.malformed) return null;
  const impact = ruleImpact({ kind: 'delete', target: rule }, traffic);
  return wrap(impact, `traffic: ${fallsText(impact)}`);
}

/** The lines the confirmation shows for an impact (ports over their line rate are the `! …` warnings). */
export function impactLines(e: EditorImpact | null): string[] {
  if (!e) return [];
  const calm = e.impact.ports.filter((p) => !p.over);
  return [e.summary, ...calm.slice(0, 6).map((p) => `  ${portImpactText(p)}`)];
}

/** A prediction kept after apply, to compare with the ports' measurements two polls later. */
export interface Prediction {
  label: string;
  ports: Array<{ no: number; name: string; lo: number; hi: number; line: number | null }>;
  /** The stats poll time (ms) at apply: the check waits for two newer ones. */
  after: number;
}

/** What a prediction is made from: an editor's per-port impact (the rule or the group editor's). */
export type PredictedImpact = { impact: { ports: readonly PortImpact[] } };

export function predictionOf(
  label: string,
  e: PredictedImpact | null,
  after: number,
): Prediction | null {
  if (!e) return null;
  const ports = e.impact.ports.flatMap((p) =>
    p.lo === null || p.hi === null
      ? []
      : [{ no: p.port.no, name: p.port.name, lo: p.lo, hi: p.hi, line: p.port.lineBps }],
  );
  return ports.length ? { label, ports, after } : null;
}

/**
 * `traffic after 'web': eth-0-9 predicted 11.8–12.4Gb/s, measured 9.96Gb/s (at line rate: the
 * rest is dropped)`. A measurement within 10 % of the range counts as "as predicted"; a port
 * predicted over its line rate can only send the line rate.
 */
export function impactCheck(p: Prediction, measured: ReadonlyMap<number, number | null>): string {
  const parts = p.ports.slice(0, 4).map((x) => {
    const m = measured.get(x.no) ?? null;
    const slack = 0.1 * Math.max(x.hi, 1e6);
    const capped = x.line !== null && x.hi > x.line && m !== null && m >= 0.9 * x.line;
    const verdict =
      m === null
        ? 'not measured'
        : capped
          ? 'at line rate: the rest is dropped'
          : m >= x.lo - slack && m <= x.hi + slack
            ? 'as predicted'
            : 'differs';
    return `${sanitize(x.name)} predicted ${range(x.lo, x.hi)}, measured ${m === null ? '–' : formatSi(m, 'b/s')} (${verdict})`;
  });
  return `traffic after ${p.label}: ${parts.join(' · ')}`;
}
