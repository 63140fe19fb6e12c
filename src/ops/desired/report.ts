/**
 * The report of a performed plan, step by step: what was done (with the device's answer),
 * what failed (and why), what was not sent. Filled as each answer arrives, by `pbc apply`
 * (the CLI's one executor) and by applyPlan alike.
 */
import { sanitize } from '../../model/index.js';
import type { PlanStep } from './plan.js';

export type StepResult = 'done' | 'failed' | 'not sent';

export interface StepOutcome {
  /** 1-based, the plan's order. */
  n: number;
  section: PlanStep['section'];
  action: PlanStep['action'];
  subject: string;
  /** `POST /rules`. */
  request: string;
  result: StepResult;
  /** The device's answer (done) or error (failed), one line. */
  answer?: string;
}

export interface ApplyReport {
  ok: boolean;
  steps: StepOutcome[];
  done: number;
  /** The step that failed (1-based), if one did. */
  failed?: number;
}

const oneLine = (v: unknown) =>
  sanitize(v instanceof Error ? v.message : typeof v === 'string' ? v : '')
    .replace(/\s+/g, ' ')
    .trim();

/** The report before anything is sent: every step `not sent`. */
export function unsentReport(steps: readonly PlanStep[]): ApplyReport {
  return {
    ok: true,
    done: 0,
    steps: steps.map((s, i) => ({
      n: i + 1,
      section: s.section,
      action: s.action,
      subject: sanitize(s.subject),
      request: s.op.describe()[0],
      result: 'not sent',
    })),
  };
}

/** Step `i` answered: done with the device's answer, or failed (the report is then not ok). */
export function recordAnswer(
  report: ApplyReport,
  i: number,
  answer: { result: unknown } | { error: unknown },
): StepOutcome {
  const o = report.steps[i]!;
  if ('error' in answer) {
    o.result = 'failed';
    o.answer = oneLine(answer.error) || 'failed';
    report.ok = false;
    report.failed = o.n;
    return o;
  }
  o.result = 'done';
  const text = oneLine(answer.result);
  if (text) o.answer = text;
  report.done++;
  return o;
}
