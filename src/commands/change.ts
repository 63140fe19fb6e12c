/**
 * A CLI write as the one executor takes it (src/ops/execute.ts): the operations the command
 * built from src/ops' tables, the command's question, and whether it needs --yes off a
 * terminal. `Run.execute` confirms it, arms `--revert-after` from its operations, sends it.
 * On a terminal every write asks (the command's question after what it sends: each
 * operation's `describe()`, the text the console's confirmation shows); off a terminal only
 * the writes the command declares asking need --yes (docs/cli.md "Confirmation").
 */
import type { Client } from '../api/index.js';
import { executePlan, type StepAnswer } from '../ops/execute.js';
import type { Operation } from '../ops/operation.js';
import type { RevertPlan } from '../ops/revert-plan.js';
import { sendsLine } from '../ops/sends.js';

export interface Change {
  steps: Operation[];
  /** What the change means (its consequence); computed only when it is asked. */
  question?: string | (() => Promise<string>);
  /** Completes "refusing to <refusal> without confirmation". */
  refusal: string;
  /** Off a terminal it needs --yes: the command's declared confirmation holds for it. */
  needsYes: boolean;
  /** An undo of this journal entry (journaled as undoing it; no auto-revert). */
  undoOf?: string;
  /** Journaled as one batch (many writes: `pbc apply -f`). */
  batch?: boolean;
  /** The auto-revert, when the operations' own (revert/plans.ts) is not it (`pbc apply`). */
  revert?: RevertPlan;
  /** Runs once confirmed, right before the first request (the password file of --random). */
  prepare?: () => Promise<void>;
  /** Sees each step's answer as it arrives (a failure stops the change: `execute` throws it). */
  onStep?: (index: number, answer: StepAnswer) => void;
}

/** `Sends POST /rules priority=…` per operation, in the order they are sent. */
export const sendsLines = (change: Pick<Change, 'steps'>): string[] =>
  change.steps.map((op) => sendsLine(op));

async function questionText(change: Change): Promise<string> {
  const q = change.question;
  if (q === undefined) return change.steps.length === 1 ? 'Send it?' : 'Send them, in this order?';
  return typeof q === 'string' ? q : q();
}

/** The question on a terminal: what it sends, then what that means ([y/N] follows). */
export async function confirmationText(change: Change): Promise<string> {
  return [...sendsLines(change), await questionText(change)].join('\n');
}

/** The question in one line (a fleet's plan per device): what it means — what it sends. */
export async function confirmationLine(change: Change): Promise<string> {
  return [await questionText(change), ...sendsLines(change)].join(' — ');
}

/**
 * Sends the change through the one executor; answers each step's result, or throws the
 * first failure as the device gave it (its exit code and message stay the command's).
 */
export async function sendChange(
  client: Client,
  change: Change,
  force = false,
): Promise<unknown[]> {
  const done = await executePlan(
    { client, ...(force ? { force } : {}) },
    {
      title: change.refusal,
      steps: change.steps,
      notes: [],
      confirmWord: '',
      ...(change.undoOf !== undefined ? { undoOf: change.undoOf } : {}),
      ...(change.batch ? { batch: true } : {}),
      ...(change.onStep ? { onStep: change.onStep } : {}),
    },
  );
  if (!done.ok) throw 'error' in done ? done.error : new Error(done.lines.join('; '));
  return done.answers ?? [];
}
