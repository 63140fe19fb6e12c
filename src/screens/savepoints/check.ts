/**
 * Before a rule save-point is activated: does it fit the TCAM of the current storage mode,
 * does it need IPv6 matching, and do the ports and groups it uses exist? The device checks
 * all of it again (all or nothing); this says in advance what it will answer.
 */
import type { RuleSavePoint, StorageMode } from '../../model/index.js';
import { outputForm, parseInPorts } from '../../model/index.js';
import { capacity, groupsUsed } from '../../tcam/index.js';
import { ipv6Rules } from '../device/effects.js';

export interface FitCheck {
  fits: boolean;
  lines: string[];
}

/** Port numbers an action list outputs to (`output:1,2`, or the vendor's bare `1,2`). */
function outputPorts(actions: readonly string[]): string[] {
  return actions
    .map(outputForm)
    .flatMap((a) => (a.startsWith('output:') ? a.slice(7).split(',') : []))
    .map((p) => p.trim());
}

export function activationCheck(
  sp: RuleSavePoint,
  mode: StorageMode | undefined,
  portNumbers: readonly string[] | undefined,
): FitCheck {
  const lines: string[] = [];
  let fits = true;
  if (mode) {
    const cap = capacity(mode);
    if (sp.flowusage > cap.hardLimit) {
      fits = false;
      lines.push(
        `TCAM: needs ${sp.flowusage} flows, more than '${mode}' holds (${cap.maximum}) — the device will refuse.`,
      );
    } else
      lines.push(
        `TCAM: ${sp.flowusage} of ${cap.maximum} flows in '${mode}' mode${sp.flowusage > cap.maximum ? ' (above the reported maximum, within what the device accepts)' : ': fits'}.`,
      );
    const v6 = mode === 'simple' ? ipv6Rules(sp.rules) : [];
    if (v6.length > 0) {
      fits = false;
      lines.push(
        `${v6.length} rule(s) match on IPv6, which needs the 'ipv6' storage mode (screen 9) — the device will refuse.`,
      );
    }
  } else lines.push('TCAM: the storage mode is not loaded yet; the device will check the flows.');
  if (portNumbers) {
    const known = new Set(portNumbers);
    const missing = new Set<string>();
    for (const r of sp.rules) {
      for (const p of (r.match.in_port ? (parseInPorts(r.match.in_port) ?? []) : []).map(String))
        if (!known.has(p)) missing.add(p);
      for (const p of outputPorts(r.actions)) if (!known.has(p)) missing.add(p);
    }
    for (const g of sp.groups)
      for (const b of g.buckets)
        for (const p of outputPorts(b.actions)) if (!known.has(p)) missing.add(p);
    if (missing.size > 0) {
      fits = false;
      lines.push(
        `Ports that do not exist now: ${[...missing].join(', ')} (after a split the numbers change) — the device will refuse.`,
      );
    }
  }
  const groupIds = new Set(sp.groups.map((g) => String(g.group_id)));
  const missingGroups = new Set(
    sp.rules.flatMap((r) => groupsUsed(r.actions).map(String)).filter((id) => !groupIds.has(id)),
  );
  if (missingGroups.size > 0) {
    fits = false;
    lines.push(
      `Rules output to groups the save-point does not hold: ${[...missingGroups].join(', ')}.`,
    );
  }
  return { fits, lines };
}
