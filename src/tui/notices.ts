/**
 * The status bar's passing notices, one at a time. What the operator's own key led to (a
 * write's outcome, a refusal) shows at once; what happened beside them (a change from outside,
 * an auto-revert's outcome) waits until the notice now shown has had its time, so neither
 * erases the other: a poll that lands just after `y` no longer hides the write's outcome.
 */

/** How long a notice stays, in ms. */
export const NOTICE_MS = 4000;
/** At most this many notices from beside wait (each is in the journal as well). */
export const MAX_WAITING = 4;

export interface Notices {
  readonly shown: string | undefined;
  readonly waiting: readonly string[];
  /** Counts each notice shown, so a timer set for an earlier one ends nothing. */
  readonly seq: number;
}

export type NoticeEvent =
  | { type: 'own'; text: string }
  | { type: 'beside'; text: string }
  | { type: 'expire'; seq: number };

export const NO_NOTICES: Notices = { shown: undefined, waiting: [], seq: 0 };

export function notices(s: Notices, e: NoticeEvent): Notices {
  switch (e.type) {
    case 'own':
      return { shown: e.text, waiting: s.waiting, seq: s.seq + 1 };
    case 'beside':
      if (s.shown === undefined) return { shown: e.text, waiting: s.waiting, seq: s.seq + 1 };
      if (s.shown === e.text || s.waiting.includes(e.text)) return s;
      return { ...s, waiting: [...s.waiting, e.text].slice(-MAX_WAITING) };
    case 'expire': {
      if (e.seq !== s.seq) return s;
      const [next, ...rest] = s.waiting;
      return next === undefined
        ? { shown: undefined, waiting: [], seq: s.seq }
        : { shown: next, waiting: rest, seq: s.seq + 1 };
    }
  }
}
