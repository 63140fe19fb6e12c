/**
 * Durations as operators write them for `--revert-after`: `30s`, `5m`, `1m30s`, `1h`. A bare
 * number is refused (seconds or minutes? Junos says minutes, others seconds), and so is
 * anything outside 1 s … 24 h.
 */
import { UsageError } from './errors.js';

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000 };
const MAX_MS = 24 * 3_600_000;

/** Milliseconds of `text`, or a UsageError (exit 2) naming `flag`. */
export function parseDuration(text: string, flag = '--revert-after'): number {
  const t = text.trim().toLowerCase();
  const whole = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (t === '' || !whole || whole.slice(1).every((p) => p === undefined))
    throw new UsageError(
      `${flag} takes a duration such as 30s, 5m or 1m30s, got '${text}' (units h, m, s; a bare number is ambiguous)`,
    );
  const [h, m, s] = whole.slice(1).map((p) => Number(p ?? 0)) as [number, number, number];
  const ms = h * UNIT_MS.h! + m * UNIT_MS.m! + s * UNIT_MS.s!;
  if (ms < 1000 || ms > MAX_MS)
    throw new UsageError(`${flag} must be between 1s and 24h, got '${text}'`);
  return ms;
}

/** A countdown as shown: `4:12`, `0:05`, `1:02:03` (rounded up: 0:00 only at expiry). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A duration as written back: `5m`, `1m30s`, `45s`. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s || total === 0 ? `${s}s` : ''}`;
}
