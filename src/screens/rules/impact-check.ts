/**
 * Predicted vs measured: after a rule change is applied, the editor's per-port prediction is
 * kept; two port-counter polls later (the first rate after apply still spans the moment
 * before it; three when a poll was under way at apply) the ports' measured tx is compared with it, in the status bar and on a line of
 * the Rules (or Groups) screen until the next editor opens.
 */
import { useEffect, useRef, useState } from 'react';
import { useConsole, useConsoleState } from '../../store/react.js';
import type { TrafficView } from '../traffic-view.js';
import { impactCheck, type PredictedImpact, type Prediction, predictionOf } from './impact.js';

export interface PredictionCheck {
  /** The comparison once measured, else null (also while waiting: `text` says so). */
  text: string | null;
  expect(label: string, impact: PredictedImpact | null): void;
  clear(): void;
}

export function usePredictionCheck(
  traffic: TrafficView,
  notify: (message: string) => void,
): PredictionCheck {
  const { store } = useConsole();
  const statsAt = useConsoleState((s) => s.resources.stats.updatedAt);
  const [pending, setPending] = useState<Prediction | null>(null);
  const [text, setText] = useState<string | null>(null);
  const seen = useRef<number[]>([]);
  /** Polls to count: 3 when one was already under way at apply (its counters may predate it). */
  const need = useRef(2);
  useEffect(() => {
    if (!pending || statsAt === undefined || statsAt <= pending.after) return;
    if (!seen.current.includes(statsAt)) seen.current.push(statsAt);
    if (seen.current.length < need.current) return;
    const measured = new Map(traffic.ports.map((p) => [p.no, p.txBps]));
    const result = impactCheck(pending, measured);
    setPending(null);
    setText(result);
    notify(result);
  }, [pending, statsAt, traffic, notify]);
  return {
    text:
      text ??
      (pending
        ? `traffic after ${pending.label}: measuring (predicted vs measured in two polls)…`
        : null),
    expect(label, impact) {
      seen.current = [];
      setText(null);
      // the latest poll now (not the one this render saw): the two counted come after apply;
      // a poll sent before the write and answered after it would make the first rate straddle it
      const stats = store.getState().resources.stats;
      need.current = stats.inFlight ? 3 : 2;
      setPending(predictionOf(label, impact, stats.updatedAt ?? 0));
    },
    clear() {
      setPending(null);
      setText(null);
    },
  };
}
