/**
 * `pbc diff -f FILE` and `pbc apply -f FILE`: configuration as code. The file is read and
 * checked first (a bad file is exit 2 and nothing is sent); the plan compares it with the
 * device (ops/desired/plan.ts). diff prints the plan and exits 0 when nothing differs, 1
 * when something does (kubectl's convention). apply prints the plan, asks once (off a
 * terminal it needs --yes), sends the steps in order through the one executor (`run.execute`:
 * journaled as one batch; `--revert-after` armed before the first), stops at the first device
 * error and reports which steps were done and which not (exit 1).
 */
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import { type ApplyReport, planAgainst, planRefusal } from '../ops/desired/apply.js';
import { planImpact } from '../ops/desired/impact.js';
import type { DesiredPlan, PlanOptions } from '../ops/desired/plan.js';
import { recordAnswer, unsentReport } from '../ops/desired/report.js';
import { desiredRevertPlan } from '../ops/desired/revert.js';
import { planData, planLines, reportLines } from '../ops/desired/show.js';
import type { RevertPlan } from '../ops/revert-plan.js';
import { loadDesiredFile } from './desired-load.js';
import { exitCodeIfOutputCloses } from './exit.js';
import { write } from './output.js';
import type { Run } from './run.js';

export interface DesiredOptions {
  file?: string;
  maxFileSize?: string;
  prune?: boolean;
  groupMethod?: string;
  /** diff: write the plan with its base to this file. */
  out?: string;
}

function planOptions(o: DesiredOptions): PlanOptions {
  const method = (o.groupMethod ?? 'put').toLowerCase();
  if (method !== 'put' && method !== 'post')
    throw new UsageError(`--group-method must be put or post, got '${o.groupMethod}'`);
  return { prune: Boolean(o.prune), groupMethod: method };
}

async function planned(run: Run, o: DesiredOptions) {
  const opts = planOptions(o);
  const config = await loadDesiredFile(o.file, o.maxFileSize);
  const { device, plan } = await planAgainst(await run.client(), config, opts);
  return { config, device, plan, impact: planImpact(plan, device) };
}

function refuse(plan: DesiredPlan): void {
  const refused = planRefusal(plan);
  if (refused) throw refused;
}

export async function diff(run: Run, o: DesiredOptions): Promise<number> {
  const { plan, impact } = await planned(run, o);
  const code = plan.steps.length === 0 ? 0 : 1;
  // `pbc diff -f F | head`: the status still says whether anything differs (or was refused)
  exitCodeIfOutputCloses(planRefusal(plan) ? 2 : code);
  await run.print(planData(plan, impact), () => planLines(plan, impact).join('\n'));
  refuse(plan);
  if (o.out !== undefined) {
    const { writePlanFile } = await import('./saved-plan.js');
    await writePlanFile(run, o.out, plan, String(o.file), impact);
  }
  return code;
}

export async function apply(run: Run, o: DesiredOptions, saved?: string): Promise<number> {
  if (saved !== undefined) {
    if (o.file !== undefined) throw new UsageError('give a PLAN or -f FILE, not both');
    const { applySaved } = await import('./saved-plan.js');
    return applySaved(run, saved, o.maxFileSize);
  }
  const { config, plan, impact } = await planned(run, o);
  // one armed revert sets back the whole apply: ports, hash and boot save-point, then the rules
  return performPlan(
    run,
    plan,
    impact,
    String(o.file),
    desiredRevertPlan(async () => config),
  );
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
