/**
 * `pbc tools plan|apply`: the compiled band against the device. The TCAM the band may use is
 * free = maximum_flows − used_flows + the flows of the band's rules it replaces. `tools apply`
 * replaces the band's rules through the config-as-code pipeline: the desired rules are the
 * device's rules outside the band, as they are, plus the compiled ones, planned with prune —
 * so rules outside the band are never touched and a second apply sends nothing.
 */
import { UsageError } from '../../model/errors.js';
import type { Group, Rule } from '../../model/index.js';
import { flowCount } from '../../tcam/index.js';
import type { TracePort } from '../../traffic/index.js';
import {
  type Compiled,
  compileIntents,
  cubeText,
  type Intents,
} from '../../traffic/intents/index.js';
import type { DeviceState } from '../desired/device-state.js';
import { type DesiredPlan, planDesired } from '../desired/plan.js';
import type { DesiredConfig, DesiredGroup, DesiredRule } from '../desired/types.js';

export interface ToolsPlan {
  intents: Intents;
  compiled: Compiled;
  /** The device's rules in the band now. */
  band: Rule[];
  flowsNeeded: number;
  flowsFree: number;
  fits: boolean;
}

export const inBand = (band: readonly [number, number], priority: number): boolean =>
  priority >= band[0] && priority <= band[1];

const asGroup = (g: Group): DesiredGroup => ({
  id: g.group_id,
  type: g.type,
  description: g.description,
  buckets: g.buckets.map((b) => ({ watch_port: b.watch_port, actions: [...b.actions] })),
});

export function planTools(intents: Intents, device: DeviceState): ToolsPlan {
  const compiled = compileIntents(intents);
  const band = device.rules.filter((r) => inBand(intents.band, r.priority));
  const replaced = band.reduce((n, r) => n + (r.real_flow_ct || flowCount(r.match)), 0);
  const flowsFree = device.flows.maximum - device.flows.used + replaced;
  return {
    intents,
    compiled,
    band,
    flowsNeeded: compiled.flows,
    flowsFree,
    fits: compiled.refused === undefined && compiled.flows <= flowsFree,
  };
}

const asItIs = (r: Rule): DesiredRule => ({
  priority: r.priority,
  match: r.match,
  actions: [...r.actions],
  name: r.name,
  description: r.description,
  cookie: r.cookie.toString(),
});

/** The whole rule table the device should hold: outside the band as it is, the band compiled. */
export function toolsDesired(p: ToolsPlan, device: DeviceState): DesiredConfig {
  const outside = device.rules.filter((r) => !inBand(p.intents.band, r.priority)).map(asItIs);
  const band: DesiredRule[] = p.compiled.rules.map((r) => ({
    ...r,
    description: 'pbc tools: compiled from intents',
  }));
  const range = p.intents.groups;
  if (!range) return { rules: [...outside, ...band] };
  // the groups pbc owns are the compiled ones; every other group stays as it is
  const others = device.groups.filter((g) => !inBand(range, g.group_id)).map(asGroup);
  const mine = p.compiled.groups.map(asGroup);
  return { rules: [...outside, ...band], groups: [...others, ...mine] };
}

/** Why the band cannot be applied (exit 2, nothing sent): it does not compile or fit. */
export function toolsRefusal(p: ToolsPlan): UsageError | undefined {
  if (p.compiled.refused) return new UsageError(`${p.compiled.refused}; nothing was sent`);
  if (!p.fits)
    return new UsageError(
      `the band needs ${p.flowsNeeded} TCAM flows, ${p.flowsFree} are free (maximum − used + the band's rules); nothing was sent`,
    );
  return undefined;
}

/**
 * What `tools apply` sends — `pbc tools apply` and the Tools screen alike: the band replaced
 * (planned with prune against the whole table, so rules outside the band are never touched
 * and an apply of what the device has sends nothing). Throws the refusal.
 */
export function toolsApplyPlan(p: ToolsPlan, device: DeviceState): DesiredPlan {
  const refused = toolsRefusal(p);
  if (refused) throw refused;
  return planDesired(toolsDesired(p, device), device, { prune: true });
}

export function toolsPlanJson(p: ToolsPlan) {
  return {
    rules: p.compiled.rules.map((r) => ({
      priority: r.priority,
      name: r.name,
      match: r.match,
      actions: r.actions,
    })),
    groups: p.compiled.groups,
    flows_needed: p.flowsNeeded,
    flows_free: p.flowsFree,
    fits: p.fits,
    tools: p.intents.tools.map((t, i) => ({
      name: t.name,
      port: t.port,
      classes: p.compiled.classes.filter((c) => c.tools.includes(i)).map((c) => cubeText(c.cube)),
    })),
    ...(p.compiled.refused ? { refused: p.compiled.refused } : {}),
  };
}

export function toolsPlanLines(p: ToolsPlan, ports: readonly TracePort[]): string[] {
  const name = (n: number) => ports.find((q) => q.no === n)?.name ?? String(n);
  const out: string[] = [];
  if (p.compiled.refused) return [`cannot compile: ${p.compiled.refused}`];
  out.push(
    `band ${p.intents.band[0]}-${p.intents.band[1]}: ${p.compiled.rules.length} rules replace ${p.band.length}${p.intents.groups ? `, ${p.compiled.groups.length} groups of type all (ids ${p.intents.groups[0]}-${p.intents.groups[1]})` : ''}; sources ${p.intents.sources.map(name).join(',') || '(none)'}; unwanted: ${p.intents.unwanted}`,
  );
  for (const r of p.compiled.rules)
    out.push(
      `  ${r.priority}  ${r.name.padEnd(18)} ${Object.entries(r.match)
        .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
        .join(' ')} → ${r.actions.join(',')}`,
    );
  for (const g of p.compiled.groups)
    out.push(
      `  group ${g.group_id} (all): ${g.buckets.map((b) => b.actions.join(',')).join(' | ')}`,
    );
  out.push(
    `TCAM flows: needs ${p.flowsNeeded}, ${p.flowsFree} free (maximum − used + the band's ${p.band.length} rules): ${p.fits ? 'fits' : 'DOES NOT FIT'}`,
  );
  for (const n of p.compiled.notes) out.push(`note: ${n}`);
  for (const [i, t] of p.intents.tools.entries()) {
    const classes = p.compiled.classes.filter((c) => c.tools.includes(i));
    out.push(`tool ${t.name} (${name(t.port)}) gets ${classes.length} classes:`);
    for (const c of classes.slice(0, 8)) out.push(`    ${cubeText(c.cube)}`);
    if (classes.length > 8) out.push(`    … ${classes.length - 8} more`);
  }
  return out;
}
