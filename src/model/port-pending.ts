/**
 * Port settings that wait for a reboot (spec: PortConfig, port types 4 and 6–10).
 *
 * - xg_speed: `currSetting` is what the port runs at, `nextSetting` what it will run at after
 *   the next reboot; they differ while a change waits.
 * - split: the port type tells the cage's present layout (6/7/8 whole, 9 split to SFP, 10
 *   split to a breakout cable); `split` is the setting. A whole cage whose split is not
 *   `default`, or a split child whose split is `default`, changes at the next reboot.
 *
 * Pure: shared by the console's Ports screen and the CLI.
 */
import { sanitize } from './sanitize.js';
import type { PortConfig } from './types.js';

/** The part of a port's configuration that can wait for a reboot. */
export type PortSettings = Pick<PortConfig, 'type' | 'split' | 'xg_speed'>;

export interface PendingSetting {
  field: 'xg_speed' | 'split';
  from: string;
  to: string;
}

/** The split a port of this type has now; undefined for types that cannot split. */
function currentSplit(type: number): string | undefined {
  if (type === 6 || type === 7 || type === 8) return 'default';
  if (type === 9) return 'sfp';
  if (type === 10) return 'break-out';
  return undefined;
}

/** The settings of a port that take effect only at the next reboot. */
export function portPending(p: PortSettings): PendingSetting[] {
  const out: PendingSetting[] = [];
  const xg = p.xg_speed;
  if (xg && xg.nextSetting !== '' && xg.currSetting !== xg.nextSetting)
    out.push({ field: 'xg_speed', from: xg.currSetting || '?', to: xg.nextSetting });
  const split = currentSplit(p.type);
  if (split !== undefined && p.split !== '' && p.split !== split)
    out.push({ field: 'split', from: split, to: p.split });
  return out;
}

/** `xg_speed XG → 1G` for one pending setting. */
export function pendingSettingText(s: PendingSetting): string {
  return sanitize(`${s.field} ${s.from} → ${s.to}`);
}

/** `xg_speed XG → 1G, split default → break-out`, or '' when nothing waits for a reboot. */
export function pendingText(p: PortSettings): string {
  return portPending(p).map(pendingSettingText).join(', ');
}

/** What the port becomes at the next reboot: `1G`, `split break-out`; '' when nothing waits. */
export function pendingNext(p: PortSettings): string {
  return sanitize(
    portPending(p)
      .map((s) => (s.field === 'split' ? `split ${s.to}` : s.to))
      .join(', '),
  );
}

/** The marker for a port: `⟳ next: 1G after reboot`; '' when nothing waits. */
export function pendingMarker(p: PortSettings): string {
  const next = pendingNext(p);
  return next ? `⟳ next: ${next} after reboot` : '';
}

/**
 * Whether changing `field` on a port of `type` waits for a reboot (spec: type 4 for the
 * 1G/10G speed, types 6–10 for splitting and unsplitting).
 */
export function needsReboot(type: number, field: string): boolean {
  if (field === 'speed' || field === 'xg_speed') return type === 4;
  if (field === 'split') return currentSplit(type) !== undefined;
  return false;
}

/** The rule storage mode: GET /device/rulestoragemode. */
export function storageModePending(mode: { modeCurrent: string; modeNext: string }): string | null {
  return mode.modeNext !== '' && mode.modeNext !== mode.modeCurrent
    ? `${mode.modeCurrent} → ${mode.modeNext} pending — applies after reboot`
    : null;
}

const AFTER_REBOOT = 'pending — applies after reboot';

/**
 * What a POST /ports/config did, one item per setting, e.g. `shutdown true` or
 * `xg_speed XG → 1G pending — applies after reboot`. `after` is the port's configuration read
 * back after the write (the device's word); without it the port type decides.
 */
export function describePortChange(changes: object, type: number, after?: PortSettings): string[] {
  const out: string[] = [];
  const xg = after ? portPending(after).find((s) => s.field === 'xg_speed') : undefined;
  let xgSaid = false;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) continue;
    const speedLike = k === 'speed' || k === 'xg_speed';
    if (speedLike && xg) {
      if (!xgSaid) out.push(`${pendingSettingText(xg)} ${AFTER_REBOOT}`);
      xgSaid = true;
    } else if (!after && needsReboot(type, k)) out.push(`${k} ${String(v)} ${AFTER_REBOOT}`);
    else out.push(`${k} ${String(v)}`);
  }
  return out;
}
