/**
 * Performing a plan: its operations in order, through the one executor (each journaled by
 * the transport's write hook, and the auto-revert armed before the first),
 * stopping at the first device error. The report says, step by step, what was done, what
 * failed and what was not sent. `applyDesired` is the whole of `pbc apply` without the
 * terminal: read the device, plan, send — usable per device by a fleet.
 */
import type { Client } from '../../api/index.js';
import { UsageError } from '../../model/errors.js';
import { sanitize } from '../../model/index.js';
import { executePlan } from '../execute.js';
import { readOnce } from '../read-once.js';
import { type DeviceState, readDeviceState } from './device-state.js';
import { type DesiredPlan, type PlanOptions, planDesired } from './plan.js';
import { withBases } from './plan-base.js';
import { type ApplyReport, recordAnswer, type StepOutcome, unsentReport } from './report.js';
import type { DesiredConfig } from './types.js';

export type { ApplyReport, StepOutcome, StepResult } from './report.js';

/**
 * Sends the plan's steps in order through the one executor (executePlan); stops at the first
 * failure. `onStep` sees each outcome. The writes are journaled as one batch (the state
 * before and after read once, not per write: see Journal.batch).
 */
export async function applyPlan(
  client: Client,
  plan: DesiredPlan,
  onStep?: (o: StepOutcome) => void,
): Promise<ApplyReport> {
  const report = unsentReport(plan.steps);
  await executePlan(
    { client },
    {
      title: 'apply',
      steps: plan.steps.map((s) => s.op),
      notes: [],
      confirmWord: '',
      batch: true,
      onStep: (i, answer) => {
        const outcome = recordAnswer(report, i, answer);
        onStep?.(outcome);
      },
    },
  );
  return report;
}

/** Reads what `config` owns from the device and plans `config` against it. */
export async function planAgainst(
  client: Client,
  config: DesiredConfig,
  opts: PlanOptions = {},
): Promise<{ device: DeviceState; plan: DesiredPlan }> {
  // the plan and its base come from one read: each list fetched once
  const seen = readOnce(client);
  const device = await readDeviceState(seen, config);
  return { device, plan: await withBases(planDesired(config, device, opts), seen) };
}

/** The plan's refusal: the file and the device disagree in a way no request fixes. */
export function planRefusal(plan: DesiredPlan): UsageError | undefined {
  if (plan.errors.length === 0) return undefined;
  const more = plan.errors.length > 1 ? ` (and ${plan.errors.length - 1} more)` : '';
  return new UsageError(`${sanitize(plan.errors[0]!)}${more}; nothing was sent`);
}

export interface Applied {
  device: DeviceState;
  plan: DesiredPlan;
  report: ApplyReport;
}

/**
 * Reads the device, plans, and performs the plan (nothing is sent when the plan has
 * errors: a UsageError says the first). No confirmation: the caller asks first.
 */
export async function applyDesired(
  client: Client,
  config: DesiredConfig,
  opts: PlanOptions = {},
  onStep?: (o: StepOutcome) => void,
): Promise<Applied> {
  const { device, plan } = await planAgainst(client, config, opts);
  const refused = planRefusal(plan);
  if (refused) throw refused;
  return { device, plan, report: await applyPlan(client, plan, onStep) };
}
