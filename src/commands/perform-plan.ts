/**
 * A desired-state plan performed (`pbc apply -f`, `pbc apply PLAN`, `pbc tools apply`): shown,
 * confirmed once, sent through the one executor, reported step by step.
 */
import { sanitize } from '../model/sanitize.js';
import { type ApplyReport, planRefusal } from '../ops/desired/apply.js';
import type { planImpact } from '../ops/desired/impact.js';
import type { DesiredPlan } from '../ops/desired/plan.js';
import { recordAnswer, unsentReport } from '../ops/desired/report.js';
import { planData, planLines, reportLines } from '../ops/desired/show.js';
import type { RevertPlan } from '../ops/revert-plan.js';
import { write } from './output.js';
import type { Run } from './run.js';

/** Exit 2, nothing sent: the plan has errors. */
export function refuse(plan: DesiredPlan): void {
  const refused = planRefusal(plan);
  if (refused) throw refused;
}

/**
 * A plan the device would take, performed: refused (exit 2, nothing sent) when it has
 * errors; "nothing to do" when it has no step; otherwise shown, confirmed once (off a
 * terminal --yes), sent step by step through the change pipeline (each journaled; an armed
 * --revert-after before the first), stopping at the first device error (exit 1).
 * `pbc apply -f` and `pbc tools apply -f` both end here.
 */
export async function performPlan(
  run: Run,
  plan: DesiredPlan,
  impact: ReturnType<typeof planImpact> | undefined,
  file: string,
  revert?: RevertPlan,
): Promise<number> {
  refuse(plan);
  const table = run.format === 'table';
  if (plan.steps.length === 0) {
    await run.done(`nothing to do: the device already matches ${file}`, {
      result: 'nothing to do',
      plan: planData(plan, impact),
    });
    return 0;
  }
  // read-only: refused before the plan is offered (writer() refuses before any request)
  if ((await run.device()).readonly) await run.writer();
  if (table) write(planLines(plan, impact).join('\n'));
  const n = plan.steps.length;
  const report: ApplyReport = unsentReport(plan.steps);
  try {
    await run.execute({
      steps: plan.steps.map((s) => s.op),
      question: `Apply these ${n} ${n === 1 ? 'step' : 'steps'} to the device?`,
      refusal: `apply ${n} ${n === 1 ? 'change' : 'changes'} from ${file}`,
      needsYes: true,
      batch: true,
      ...(revert ? { revert } : {}),
      onStep: (i, answer) => void recordAnswer(report, i, answer),
    });
  } catch (e) {
    if (report.ok) throw e; // refused or not confirmed: nothing was sent
  }
  if (table) write(reportLines(report).join('\n'));
  else await run.print({ plan: planData(plan, impact), report }, () => '');
  if (!report.ok) {
    const failed = report.steps[report.failed! - 1]!;
    process.stderr.write(
      `${sanitize(`pbc: apply: step ${failed.n} (${failed.action} ${failed.subject}) failed: ${failed.answer ?? ''} — ${report.done} of ${n} steps were done, ${n - report.done - 1} not sent`)}\n`,
    );
    return 1;
  }
  return 0;
}
