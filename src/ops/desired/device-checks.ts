/**
 * What only the device can tell about a plan, checked before anything is sent: the rule
 * editor's own device-context checks (src/tcam ruleIssues / groupIssues, the functions
 * checkRule runs) on every rule and group the plan sends, and the TCAM after the plan.
 * Each finding is a plan error, so diff and apply refuse the plan (exit 2, nothing sent):
 *
 * - a rule whose match needs another storage mode (an IPv6 match in 'simple' mode);
 * - an in_port, output port (a rule's or a bucket's) or watch port the device does not
 *   have — stricter than the rule editor, which only warns about an output port (ports come
 *   and go): a file is applied unattended, and the device would refuse the step part-way;
 * - a group the rule sends to that the device does not have (when the file owns no groups;
 *   when it does, the plan checks the rule against the file's groups);
 * - more TCAM flows after the plan than the device's maximum (unless the plan frees some);
 * - a cookie another rule holds when the step sends it (the device keeps cookies unique):
 *   the steps are walked in order, so a cookie a delete or a change frees first is free.
 *
 * Only what the plan sends is checked: rules and groups the file and the device agree on
 * are on the device already. A finding is one the offline check (file.ts) did not make, so
 * a rule is held to its device context and to nothing else twice.
 */

import type { Rule, RuleInput } from '../../model/index.js';
import {
  type CheckedGroup,
  devicePorts,
  groupIssues,
  portMap,
  type RuleContext,
  ruleIssues,
} from '../../tcam/index.js';
import type { GroupInput } from '../groups.js';
import type { DeviceState } from './device-state.js';

/** What the checks read of a plan (plan.ts's DesiredPlan; not imported: plan.ts calls this). */
interface CheckedPlan {
  steps: readonly {
    section: string;
    action: string;
    subject: string;
    op: { describe(): [string, string] };
    target?: Rule;
    rule?: RuleInput;
    group?: GroupInput;
  }[];
  flows: { before: number; after: number; maximum: number };
  notes: string[];
}

/** The rule editor's errors, and an output port the device lacks (the editor's warning). */
const refused = (i: { severity: string; message: string }) =>
  i.severity === 'error' || /output port \d+ does not exist on this device/.test(i.message);

/** The messages `issues(ctx)` gives on the device and not offline. */
function deviceOnly(
  issues: (ctx: RuleContext) => { severity: string; message: string }[],
  device: RuleContext,
): string[] {
  const offline = new Set(
    issues({ storageMode: 'ipv6' })
      .filter(refused)
      .map((i) => i.message),
  );
  return [
    ...new Set(
      issues(device)
        .filter(refused)
        .map((i) => i.message)
        .filter((m) => !offline.has(m)),
    ),
  ];
}

/** The plan's device errors (see above); `fileOwnsGroups`: the file's groups are checked. */
export function deviceErrors(
  plan: CheckedPlan,
  device: DeviceState,
  fileOwnsGroups: boolean,
): string[] {
  const errors: string[] = [];
  const ports = devicePorts(device.info, device.ports);
  const ctx: RuleContext = { storageMode: device.storageMode };
  // Without the port list (GET /ports/info failed) the ports are not checked: the note says so.
  if (ports.length > 0) ctx.ports = portMap(ports);
  else if (plan.steps.some((s) => s.rule || s.group))
    plan.notes.push('the device did not list its ports: ports in rules and groups not checked');
  if (!fileOwnsGroups) ctx.groups = new Set(device.groups.map((g) => g.group_id));
  for (const s of plan.steps) {
    if (s.rule) {
      const rule = s.rule;
      for (const m of deviceOnly((c) => ruleIssues(rule, c), ctx))
        errors.push(`${s.subject}: ${m}`);
    }
    if (s.group) {
      const group: CheckedGroup = {
        type: s.group.type,
        description: s.group.description ?? '',
        buckets: s.group.buckets,
      };
      for (const m of deviceOnly((c) => groupIssues(group, c), ctx))
        errors.push(`${s.subject}: ${m}`);
    }
  }
  errors.push(...cookieErrors(plan, device));
  const f = plan.flows;
  if (f.after > f.maximum && f.after > f.before)
    errors.push(
      `TCAM: the plan needs ${f.after} flows, the device's maximum is ${f.maximum} (${f.before} in use now): the device would refuse rules part-way`,
    );
  return errors;
}

const cookieText = (c: bigint | string) => BigInt(String(c).trim()).toString();
const label = (r: { name?: string; priority: number }) =>
  `rule${r.name ? ` '${r.name}'` : ''} (priority ${r.priority})`;

/** Steps that send a cookie another rule holds at that point of the plan. */
function cookieErrors(plan: CheckedPlan, device: DeviceState): string[] {
  const errors: string[] = [];
  // cookie → who holds it: a device rule, or the subject of the step that sent it
  const holder = new Map<string, Rule | string>();
  for (const r of device.rules) holder.set(cookieText(r.cookie), r);
  const release = (r: Rule) => {
    const c = cookieText(r.cookie);
    if (holder.get(c) === r) holder.delete(c);
  };
  let postDone = false;
  for (const s of plan.steps) {
    if (s.action === 'delete' && s.target) release(s.target);
    // a group POST deletes the rules that use it: the re-adds' rules are gone from then on
    if (
      !postDone &&
      s.section === 'groups' &&
      s.action === 'change' &&
      s.op.describe()[0] === 'POST /groups'
    ) {
      postDone = true;
      for (const r of plan.steps) if (r.action === 're-add' && r.target) release(r.target);
    }
    const cookie = s.rule?.cookie;
    if (!s.rule || cookie === undefined) continue;
    const c = cookieText(cookie);
    const now = holder.get(c);
    const self = s.action === 'change' ? s.target : undefined;
    if (now !== undefined && now !== self) {
      errors.push(
        `${s.subject}: cookie ${c} is already used by ${typeof now === 'string' ? now : label(now)} (the device refuses a cookie twice)`,
      );
      continue;
    }
    if (self) release(self);
    holder.set(c, self ?? s.subject);
  }
  return errors;
}
