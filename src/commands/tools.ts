/**
 * `pbc tools plan|apply|check -f FILE` and `pbc rules explain PRIORITY MATCH…` (docs/tools.md).
 * plan: the compiled band, its TCAM cost against the free TCAM, what each tool will get (exit
 * 0; 2 when it cannot compile or does not fit). apply: the band replaced through the one write
 * pipeline (performPlan: confirmation, --yes, --revert-after, journal); refused with exit 2
 * and nothing sent when it does not fit. check: every tool against the device's current rules
 * (exit 0 all ok, 1 any starved or extra, 2 bad file). explain: why one rule's counter is zero.
 */
import type { Client } from '../api/index.js';
import { watchToolPorts } from '../guard/health-spec.js';
import { UsageError } from '../model/errors.js';
import { type Rule, sanitize } from '../model/index.js';
import { readDeviceState } from '../ops/desired/device-state.js';
import { matchIdentity } from '../ops/desired/identity.js';
import { planImpact } from '../ops/desired/impact.js';
import { withBases } from '../ops/desired/plan-base.js';
import { readOnce } from '../ops/read-once.js';
import {
  planTools,
  toolsApplyPlan,
  toolsPlanJson,
  toolsPlanLines,
  toolsRefusal,
} from '../ops/tools/plan.js';
import { resolveIntents } from '../ops/tools/resolve.js';
import { classRateText } from '../store/figures.js';
import { hashFieldsOf, type TracePort, tracePorts } from '../traffic/index.js';
import {
  type ClassRate,
  checkDelivery,
  type DeliveryCheck,
  explainRule,
  type Intents,
  type TableDevice,
} from '../traffic/intents/index.js';
import { parseMatch } from './args.js';
import { loadDesiredFile } from './desired-load.js';
import { performPlan } from './perform-plan.js';
import type { Run } from './run.js';
import { traceDeviceOf } from './trace.js';

export interface ToolsOptions {
  file?: string;
}

async function planned(run: Run, o: ToolsOptions) {
  const config = await loadDesiredFile(o.file);
  const client = readOnce(await run.client());
  const device = await readDeviceState(client, { rules: [] });
  const ports = tracePorts(device.info, device.ports);
  const intents = resolveIntents(config, ports);
  return { client, device, ports, intents, plan: planTools(intents, device) };
}

export async function plan(run: Run, o: ToolsOptions): Promise<number> {
  const { plan: p, ports } = await planned(run, o);
  await run.print(toolsPlanJson(p), () => toolsPlanLines(p, ports).join('\n'));
  const refused = toolsRefusal(p);
  if (refused) throw refused;
  return 0;
}

export async function apply(run: Run, o: ToolsOptions): Promise<number> {
  const { plan: p, device, intents, client } = await planned(run, o);
  // --guard: the tools' ports are watched too, whichever rules the band's change touches
  watchToolPorts(
    run.revert?.health,
    intents.tools.map((t) => t.port),
  );
  // the base is the planning read (client answers each list once)
  const desired = await withBases(toolsApplyPlan(p, device), client);
  return performPlan(run, desired, planImpact(desired, device), String(o.file));
}

interface ReadDevice extends TableDevice {
  rules: readonly Rule[];
  ports: readonly TracePort[];
}

async function tableDevice(client: Client): Promise<ReadDevice> {
  const d = await traceDeviceOf(client);
  return {
    rules: d.rules,
    groups: new Map(d.groups.map((g) => [g.group_id, g])),
    portUp: (n) => d.ports.find((p) => p.no === n)?.up ?? false,
    hashFields: hashFieldsOf(d.hash),
    ports: d.ports,
  };
}

const ruleText = (r: { priority: number; name: string; match: Record<string, string> } | null) =>
  r === null
    ? 'no rule'
    : `${r.priority}${r.name ? ` '${sanitize(r.name)}'` : ''} (${
        Object.entries(r.match)
          .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
          .join(' ') || 'match all'
      })`;

export function checkLines(c: DeliveryCheck, ports: readonly TracePort[]): string[] {
  const name = (n: number) => ports.find((p) => p.no === n)?.name ?? String(n);
  // where the device measures it, the class's rate from its rule's counter (exact or ≤)
  const rate = (r: ClassRate | null) => (r ? ` · ${classRateText(r)}` : '');
  const out: string[] = [];
  for (const t of c.tools) {
    const state = t.ok
      ? '✓ gets exactly what it asked for'
      : `${t.starved.length} starved, ${t.extra.length} extra`;
    out.push(`${sanitize(t.name)} (${name(t.port)}): ${state}`);
    for (const s of t.starved)
      out.push(
        `  starved ${s.match} — ${s.reason}${s.taken_by ? `: ${ruleText(s.taken_by)}` : ''}${rate(s.rate)}`,
      );
    for (const e of t.extra)
      out.push(`  extra   ${e.match} — from ${ruleText(e.rule)}${rate(e.rate)}`);
  }
  for (const n of c.notes) out.push(`note: ${sanitize(n)}`);
  return out;
}

export const checkJson = (c: DeliveryCheck) => ({
  tools: c.tools.map((t) => ({
    name: t.name,
    port: t.port,
    ok: t.ok,
    starved: t.starved.map((s) => ({
      match: s.match,
      taken_by: s.taken_by,
      reason: s.reason,
      rate: s.rate,
    })),
    extra: t.extra.map((e) => ({ match: e.match, rule: e.rule, rate: e.rate })),
  })),
});

export async function check(run: Run, o: ToolsOptions): Promise<number> {
  const config = await loadDesiredFile(o.file);
  const dev = await tableDevice(await run.client());
  const intents: Intents = resolveIntents(config, dev.ports);
  const c = checkDelivery(intents, dev);
  await run.print(checkJson(c), () => checkLines(c, dev.ports).join('\n'));
  return c.tools.every((t) => t.ok) ? 0 : 1;
}

export async function explain(
  run: Run,
  _o: unknown,
  priorityText: string,
  words: string[] = [],
): Promise<number> {
  const priority = Number(priorityText);
  if (!/^\d{1,5}$/.test(priorityText.trim()) || priority > 65535)
    throw new UsageError(`priority must be an integer 0..65535, got '${priorityText}'`);
  const match = parseMatch(words);
  const dev = await tableDevice(await run.client());
  // the same rule by meaning: `1-4` finds a rule written `in_port=1,2,3,4`
  const key = matchIdentity(match);
  const target = dev.rules.find((r) => r.priority === priority && matchIdentity(r.match) === key);
  if (!target) throw new UsageError(`no rule with priority ${priority} and that match`);
  const e = explainRule(target, { ...dev, ports: dev.ports.map((p) => p.no) });
  const name = (n: number) => dev.ports.find((p) => p.no === n)?.name ?? String(n);
  const rate = target.datarate_raw;
  await run.print({ ...e, rate_bps: rate }, () =>
    [
      `rule ${ruleText(e.rule)}: ${rate === null ? 'rate n/a' : `${rate} bit/s`}`,
      e.shadowed
        ? 'shadowed: rules above take every packet it matches'
        : `reaches it: ${e.remaining.slice(0, 4).join(' | ')}${e.remaining.length > 4 ? ` … ${e.remaining.length - 4} more` : ''}`,
      ...e.taken_by.map((t) => `  taken ${t.all ? 'all' : 'part'} by ${ruleText(t)}`),
      `input ports: ${e.ports.map((p) => `${name(p.port)} ${p.up ? 'up' : 'DOWN'}`).join(', ') || 'none of the device'}`,
      ...(e.ports.length > 0 && e.ports.every((p) => !p.up)
        ? ['every input port is down: nothing arrives']
        : []),
      ...e.notes.map((n) => `note: ${sanitize(n)}`),
    ].join('\n'),
  );
  return 0;
}
