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
import { planAgainst, planRefusal } from '../ops/desired/apply.js';
import { planImpact } from '../ops/desired/impact.js';
import type { PlanOptions } from '../ops/desired/plan.js';
import { desiredRevertPlan } from '../ops/desired/revert.js';
import { planData, planLines } from '../ops/desired/show.js';
import { loadDesiredFile } from './desired-load.js';
import { exitCodeIfOutputCloses } from './exit.js';
import { performPlan, refuse } from './perform-plan.js';
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
