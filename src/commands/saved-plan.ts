/**
 * `pbc diff -f FILE --out PLAN` writes the plan with its base; `pbc apply PLAN` sends exactly
 * that plan — confirmed as `apply -f` is, checked right before sending: exit 5 when the device
 * no longer equals the plan's base (`--force` sends anyway), exit 2 when PLAN is not a plan
 * or was made against another device.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { UsageError } from '../model/errors.js';
import type { PlanImpact } from '../ops/desired/impact.js';
import type { DesiredPlan } from '../ops/desired/plan.js';
import { parsePlanFile, planFileText, savedPlan } from '../ops/desired/plan-file.js';
import { deviceId } from '../ops/journal.js';
import { maxFileBytes } from './file-size.js';
import { performPlan } from './perform-plan.js';
import type { Run } from './run.js';

/** Writes the plan file (after the plan was shown). */
export async function writePlanFile(
  run: Run,
  out: string,
  plan: DesiredPlan,
  file: string,
  impact?: PlanImpact,
): Promise<void> {
  const device = deviceId((await run.device()).url);
  writeFileSync(out, planFileText(plan, { device, file, ...(impact ? { impact } : {}) }), {
    mode: 0o600,
  });
}

function readPlan(path: string, maxFileSize?: string): string {
  const max = maxFileBytes(maxFileSize) ?? 64 * 1024 * 1024;
  try {
    if (statSync(path).size > max)
      throw new UsageError(`${path}: bigger than ${max} bytes; nothing was sent`);
    return readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${path}: cannot be read (${(e as Error).message}); nothing was sent`);
  }
}

/** `pbc apply PLAN`. */
export async function applySaved(run: Run, path: string, maxFileSize?: string): Promise<number> {
  const saved = parsePlanFile(readPlan(path, maxFileSize), path);
  const here = deviceId((await run.device()).url);
  if (saved.device !== here)
    throw new UsageError(
      `${path} was planned against ${saved.device}, not ${here}; nothing was sent`,
    );
  return performPlan(run, savedPlan(saved), saved.impact, `${path} (planned from ${saved.file})`);
}
