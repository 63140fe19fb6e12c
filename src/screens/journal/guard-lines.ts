/**
 * A guarded change's timeline in the Journal screen's detail (issue 32): the guards, the
 * trip, and per affected port a sparkline of its tx from before the change to the end of
 * the watch, with the rate before and the last one. Read from the entry's `guard` line,
 * written by the detached guard (src/guard/health-journal.ts); device text is sanitized.
 */
import { sanitize } from '../../model/index.js';
import { formatSi } from '../../store/rates.js';
import { sparkline } from '../../widgets/sparkline.js';

interface GuardRecord {
  guards?: string[];
  window_ms?: number;
  tripped?: { guard: string; what: string; sample?: number } | null;
  timeline?: { before?: boolean; ports?: Record<string, { tx_bps?: number | null }> }[];
}

/** The lines, or none when the entry was not a guarded change. */
export function guardLines(guard: unknown, width = 24): string[] {
  if (typeof guard !== 'object' || guard === null) return [];
  const g = guard as GuardRecord;
  const kinds = Array.isArray(g.guards) ? g.guards.join(', ') : '?';
  const head = g.tripped
    ? `guarded (${kinds}): tripped — ${g.tripped.what} (guard '${g.tripped.guard}'), reverted`
    : `guarded (${kinds}): no guard tripped`;
  const points = Array.isArray(g.timeline) ? g.timeline : [];
  const names = [...new Set(points.flatMap((p) => Object.keys(p.ports ?? {})))];
  const rows = names.map((name) => {
    const tx = points.map((p) => p.ports?.[name]?.tx_bps ?? null);
    const before = points.find((p) => p.before)?.ports?.[name]?.tx_bps ?? null;
    const last = tx.at(-1) ?? null;
    return `  ${name} tx ${sparkline(tx, width)} ${formatSi(before)} → ${formatSi(last)}b/s`;
  });
  return [sanitize(head), ...rows.map((r) => sanitize(r))];
}
