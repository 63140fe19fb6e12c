/**
 * The traffic impact of a plan's rule steps, as the rule editor predicts one change
 * (src/tcam impact.ts `ruleImpact`, against today's rule rates): each rule step on its own
 * against the device as it is now, and per port the sum of those changes. Port tx and rx are
 * not sampled here (one GET is not a rate), so ports show the change, not a total, and the
 * traffic no rule matches today (bounded from rx: src/tcam unmatched.ts) is not predicted:
 * an added rule may take more than its line says. Large plans
 * are predicted for their first `limit` rule steps.
 */

import type { Group, Rule } from '../../model/index.js';
import { portUp, sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import {
  type ImpactChange,
  type LoadPort,
  lineRateBps,
  type PortImpact,
  portImpactText,
  ruleImpact,
} from '../../traffic/index.js';
import type { DeviceState } from './device-state.js';
import type { DesiredPlan } from './plan.js';

export interface PlanImpact {
  /** One line per rule step predicted. */
  rules: string[];
  /** Ports whose tx changes: `eth-0-3: +1.2–3.4 Gbit/s of 10G`. */
  ports: string[];
  /** Rule steps not predicted (past the limit). */
  skipped: number;
}

function loadPorts(device: DeviceState): LoadPort[] {
  const cfg = new Map(device.ports.map((c) => [c.if_name, c]));
  return device.info.flatMap((i) => {
    const no = Number(i.port_no);
    if (!Number.isInteger(no)) return [];
    const c = cfg.get(i.if_name);
    return [
      {
        no,
        name: i.if_name,
        up: portUp(i, c),
        lineBps: lineRateBps(i.speed) ?? lineRateBps(c?.speed),
        txBps: null,
        txDropPps: null,
        txPps: null,
      },
    ];
  });
}

const range = (lo: number, hi: number) =>
  formatSi(lo) === formatSi(hi) ? formatSi(hi, 'b/s') : `${formatSi(lo)}–${formatSi(hi, 'b/s')}`;
const label = (r: { name?: string }) => `'${sanitize(r.name || '(no name)')}'`;

export function planImpact(plan: DesiredPlan, device: DeviceState, limit = 200): PlanImpact {
  const ctx = {
    rules: device.rules,
    groups: new Map<number, Group>(device.groups.map((g) => [g.group_id, g])),
    ports: loadPorts(device),
  };
  const out: PlanImpact = { rules: [], ports: [], skipped: 0 };
  const sum = new Map<number, PortImpact>();
  let n = 0;
  for (const s of plan.steps) {
    if (s.section !== 'rules') continue;
    if (n++ >= limit) {
      out.skipped++;
      continue;
    }
    const change: ImpactChange<Rule> | undefined =
      s.action === 'delete' && s.target
        ? { kind: 'delete', target: s.target }
        : s.action === 'change' && s.target && s.rule
          ? { kind: 'modify', target: s.target, rule: s.rule }
          : s.rule
            ? { kind: 'add', rule: s.rule }
            : undefined;
    if (!change) continue;
    const impact = ruleImpact(change, ctx);
    const who = label(s.rule ?? s.target ?? {});
    if (change.kind === 'delete')
      out.rules.push(
        `${who} deleted: its ${formatSi(impact.ownBps, 'b/s')} ${
          impact.falls.some((f) => f.rule) ? 'falls to the rules below it' : 'is no longer sent'
        }`,
      );
    else if (change.kind === 'modify')
      out.rules.push(`${who}: its own ${formatSi(impact.ownBps, 'b/s')} follows the new actions`);
    else {
      const from = [
        ...impact.full.map((r) => `${label(r)} (all)`),
        ...impact.partial.map((r) => `${label(r)} (part)`),
      ];
      out.rules.push(
        from.length === 0
          ? `${who}: takes no measured traffic from other rules`
          : `${who}: takes ${range(impact.takenLo, impact.takenHi)} from ${from.slice(0, 3).join(', ')}${from.length > 3 ? ` and ${from.length - 3} more` : ''}`,
      );
    }
    for (const p of impact.ports) {
      const prev = sum.get(p.port.no);
      sum.set(p.port.no, {
        port: p.port,
        today: null,
        lo: null,
        hi: null,
        over: false,
        deltaLo: (prev?.deltaLo ?? 0) + p.deltaLo,
        deltaHi: (prev?.deltaHi ?? 0) + p.deltaHi,
      });
    }
  }
  out.ports = [...sum.values()]
    .filter((p) => p.deltaLo !== 0 || p.deltaHi !== 0)
    .sort((a, b) => b.deltaHi - a.deltaHi)
    .map(portImpactText);
  return out;
}
