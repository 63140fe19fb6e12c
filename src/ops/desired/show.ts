/**
 * A plan and an apply report, for people (`pbc diff`, `pbc apply`, the console's
 * confirmation) and as data (`-o json`). Device text is sanitized on the way out.
 */
import { sanitize } from '../../model/index.js';
import type { ApplyReport } from './apply.js';
import type { PlanImpact } from './impact.js';
import type { DesiredPlan, PlanStep } from './plan.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `2 to add, 1 to change, 1 to delete, 1 setting (5 unchanged, 3 left alone)`. */
export function planSummary(plan: DesiredPlan): string {
  const count = (f: (s: PlanStep) => boolean) => plan.steps.filter(f).length;
  const parts = [
    [count((s) => s.action === 'add' || s.action === 're-add'), 'to add'],
    [count((s) => s.action === 'change'), 'to change'],
    [count((s) => s.action === 'delete'), 'to delete'],
    [count((s) => s.action === 'set'), 'to set'],
  ] as const;
  const changes = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}`);
  const rest = [`${plan.unchanged} unchanged`];
  if (plan.leftAlone.length) rest.push(`${plan.leftAlone.length} left alone`);
  return `${changes.length ? changes.join(', ') : 'nothing to do'} (${rest.join(', ')})`;
}

const ACTION: Record<PlanStep['action'], string> = {
  add: 'add',
  're-add': 're-add',
  change: 'change',
  delete: 'delete',
  set: 'set',
};

/** The plan, one step a line (with its request), then what is left alone, TCAM, impact, notes. */
export function planLines(plan: DesiredPlan, impact?: PlanImpact, max = Infinity): string[] {
  const lines = [`plan: ${planSummary(plan)}`];
  const width = String(plan.steps.length).length;
  for (const [i, s] of plan.steps.entries()) {
    if (i >= max) {
      lines.push(`  … and ${plural(plan.steps.length - max, 'more step')}`);
      break;
    }
    const n = String(i + 1).padStart(width);
    lines.push(
      sanitize(
        `  ${n}. ${ACTION[s.action].padEnd(6)} ${s.subject}${s.detail ? ` — ${s.detail}` : ''}  [${s.op.describe()[0]}]`,
      ),
    );
  }
  if (plan.leftAlone.length) {
    lines.push(
      `left alone (on the device, not in the file${plan.leftAlone.some((l) => l.startsWith('rule') || l.startsWith('group')) ? '; --prune deletes them' : ''}):`,
    );
    for (const l of plan.leftAlone.slice(0, max)) lines.push(sanitize(`  ${l}`));
    if (plan.leftAlone.length > max) lines.push(`  … and ${plan.leftAlone.length - max} more`);
  }
  const f = plan.flows;
  lines.push(
    `TCAM flows: ${f.before} → ${f.after} of ${f.maximum}${f.after > f.maximum ? ' — OVER the maximum: the device will refuse rules' : ''}`,
  );
  if (impact && (impact.rules.length || impact.ports.length)) {
    lines.push('traffic impact (each rule change against today’s rates):');
    for (const l of impact.rules.slice(0, Math.min(max, 20))) lines.push(`  ${l}`);
    if (impact.rules.length > Math.min(max, 20))
      lines.push(`  … and ${impact.rules.length - Math.min(max, 20)} more`);
    if (impact.skipped) lines.push(`  (${plural(impact.skipped, 'rule step')} not predicted)`);
    for (const p of impact.ports.slice(0, 8)) lines.push(`  ${p}`);
  }
  for (const n of plan.notes) lines.push(sanitize(`note: ${n}`));
  for (const e of plan.errors) lines.push(sanitize(`error: ${e}`));
  return lines;
}

/** The plan as data (`pbc diff -o json`). */
export function planData(plan: DesiredPlan, impact?: PlanImpact) {
  return {
    changes: plan.steps.length,
    summary: planSummary(plan),
    steps: plan.steps.map((s, i) => {
      const [request, params] = s.op.describe();
      return {
        n: i + 1,
        section: s.section,
        action: s.action,
        subject: s.subject,
        detail: s.detail,
        request,
        params,
      };
    }),
    left_alone: plan.leftAlone,
    unchanged: plan.unchanged,
    flows: plan.flows,
    ...(impact ? { impact: { rules: impact.rules, ports: impact.ports } } : {}),
    notes: plan.notes,
    errors: plan.errors,
  };
}

/** The report of an apply: each step done / FAILED / not sent, then one summary line. */
export function reportLines(report: ApplyReport): string[] {
  const lines = report.steps.map((o) =>
    sanitize(
      `  ${o.n}. ${o.action} ${o.subject} [${o.request}] → ${
        o.result === 'done'
          ? 'done'
          : o.result === 'failed'
            ? `FAILED: ${o.answer ?? ''}`
            : 'not sent'
      }`,
    ),
  );
  const total = report.steps.length;
  lines.push(
    report.ok
      ? `applied: ${plural(total, 'step')} done`
      : `stopped at step ${report.failed}: ${report.done} of ${total} done, step ${report.failed} failed, ${total - report.done - 1} not sent`,
  );
  return lines;
}
