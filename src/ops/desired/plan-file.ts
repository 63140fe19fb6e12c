/**
 * A saved plan (`pbc diff -f FILE --out PLAN`, `pbc apply PLAN`): the steps exactly as they
 * will be sent (kind, request) with the base each was planned on, the device it was planned
 * against, and what the plan showed (summary, notes, impact). Applying it rebuilds each step
 * as a recorded operation (tables.ts recordedOp: the same kind, reader and request) carrying
 * the saved base, so the executor sends exactly that plan or nothing (exit 5) when the device
 * moved. 64-bit integers stay exact (lossless JSON).
 */
import { type ApiRequest, hasSecret, parseJson, stringifyJson } from '../../api/index.js';
import { UsageError } from '../../model/errors.js';
import type { Base } from '../base.js';
import type { Operation } from '../operation.js';
import { recordedOp } from '../tables.js';
import type { PlanImpact } from './impact.js';
import type { DesiredPlan, PlanStep } from './plan.js';

export const PLAN_FORMAT = 'pbc-plan/1';

type SavedStep = Pick<PlanStep, 'section' | 'action' | 'subject' | 'detail'> & {
  kind: string;
  request: ApiRequest;
  base: Base;
};

export interface SavedPlan {
  format: typeof PLAN_FORMAT;
  /** The device planned against (deviceId: no credentials). */
  device: string;
  /** The configuration file it was planned from. */
  file: string;
  created: string;
  steps: SavedStep[];
  plan: Pick<DesiredPlan, 'leftAlone' | 'unchanged' | 'flows' | 'notes'>;
  impact?: PlanImpact;
}

const savedStep = (s: PlanStep): SavedStep => ({
  section: s.section,
  action: s.action,
  subject: s.subject,
  detail: s.detail,
  kind: s.op.kind,
  request: s.op.request,
  base: s.op.base,
});

/** The plan file's text; refuses a plan whose requests hold a secret (it would be on disk). */
export function planFileText(
  plan: DesiredPlan,
  meta: { device: string; file: string; impact?: PlanImpact },
): string {
  if (plan.steps.some((s) => hasSecret(s.op.request.query) || hasSecret(s.op.request.json)))
    throw new UsageError('refusing to write a plan holding a secret; nothing was written');
  const { leftAlone, unchanged, flows, notes } = plan;
  const saved: SavedPlan = {
    format: PLAN_FORMAT,
    device: meta.device,
    file: meta.file,
    created: new Date().toISOString(),
    steps: plan.steps.map(savedStep),
    plan: { leftAlone, unchanged, flows, notes },
    ...(meta.impact ? { impact: meta.impact } : {}),
  };
  return `${stringifyJson(saved)}\n`;
}

const bad = (path: string, why: string) =>
  new UsageError(
    `${path}: not a pbc plan (${why}); nothing was sent — make one with pbc diff -f FILE --out ${path}`,
  );

/** Reads a plan file's text; UsageError (exit 2) when it is not one. */
export function parsePlanFile(text: string, path: string): SavedPlan {
  let v: unknown;
  try {
    v = parseJson(text);
  } catch {
    throw bad(path, 'not JSON');
  }
  const p = v as Partial<SavedPlan> | null;
  if (!p || p.format !== PLAN_FORMAT) throw bad(path, `format is not ${PLAN_FORMAT}`);
  if (!Array.isArray(p.steps) || typeof p.device !== 'string' || !p.plan)
    throw bad(path, 'steps, device or plan missing');
  for (const s of p.steps)
    if (!s?.request?.method || !s.request.path || !s.base?.from || typeof s.kind !== 'string')
      throw bad(path, 'a step lacks its kind, request or base');
  return p as SavedPlan;
}

/** The saved steps as a plan again: each a recorded operation with its saved base. */
export function savedPlan(saved: SavedPlan): DesiredPlan {
  const op = (s: SavedStep): Operation => ({ ...recordedOp(s), base: s.base });
  return {
    steps: saved.steps.map((s) => ({ ...stepText(s), op: op(s) })),
    ...saved.plan,
    errors: [],
  };
}

const stepText = ({ section, action, subject, detail }: SavedStep) => ({
  section,
  action,
  subject,
  detail,
});
