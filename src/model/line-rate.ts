/**
 * A port's line rate from the speed the device reports: `10G (auto)`, `1000 (1000)`, `100G`,
 * `- (auto)` (link down). Plain numbers are Mbit/s (the speed vocabulary's `10`, `100`,
 * `1000`); a `G` suffix is Gbit/s. Null when the speed says none (down, auto, unknown).
 */
export function lineRateBps(speed: string | undefined | null): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([MG]?)(?:\b|\s|\(|$)/i.exec(speed ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n) || n <= 0) return null;
  return m[2]?.toUpperCase() === 'G' ? n * 1e9 : n * 1e6;
}
