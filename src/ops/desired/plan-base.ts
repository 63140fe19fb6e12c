/**
 * A desired-state plan with its base (issue 31): each step's operation carries the objects it
 * touches as the planning read saw them, read through the same once-per-list client the plan
 * was made from — so the base is that read, not a second one. The executor compares it with
 * the device right before sending (after any confirmation pause); `diff --out` keeps it.
 */
import type { Client } from '../../api/index.js';
import { seenThrough } from '../seen.js';
import type { DesiredPlan } from './plan.js';

export async function withBases(plan: DesiredPlan, seen: Client): Promise<DesiredPlan> {
  const steps: DesiredPlan['steps'] = [];
  for (const s of plan.steps) steps.push({ ...s, op: await seenThrough(s.op, seen) });
  return { ...plan, steps };
}
