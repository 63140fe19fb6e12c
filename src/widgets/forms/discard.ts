/**
 * Never lose typed work: Esc on a form with changes asks "discard changes? y/n" first. One
 * question, one answer and one gate for every form of the engine — the dialogs' field forms
 * (`formKey`) and the rule and group editors (`editorStep`) alike.
 */
import type { FormStep } from './form-engine.js';

/** The question Esc asks when typed work would be lost (every form and editor alike). */
export const DISCARD_QUESTION = 'discard changes? y/n';

/** The question as the form's last line shows it. */
export const DISCARD_LINE = `${DISCARD_QUESTION} (y discards what was typed; n goes back)`;

/**
 * A key while the question is asked: y discards, n or Esc goes back to the form, any other
 * key waits (null).
 */
export function discardAnswer(key: string): 'discard' | 'back' | null {
  if (key === 'y' || key === 'Y') return 'discard';
  if (key === 'n' || key === 'N' || key === 'escape') return 'back';
  return null;
}

/**
 * What a key does to a form that may ask first: while asking, `discard` (y), `back` (n, Esc)
 * or `wait`; else the form's step, its cancel turned into `ask` when something was typed
 * (`dirty`) and into `close` when nothing was.
 */
export type Gated<S> =
  | { gate: 'discard' | 'back' | 'wait' | 'ask' | 'close' }
  | { gate: 'step'; step: FormStep<S> };

export function discardGate<S>(
  asking: boolean,
  key: string,
  dirty: () => boolean,
  reduce: () => FormStep<S>,
): Gated<S> {
  if (asking) return { gate: discardAnswer(key) ?? 'wait' };
  const step = reduce();
  if (step.event !== 'cancel') return { gate: 'step', step };
  return { gate: dirty() ? 'ask' : 'close' };
}
