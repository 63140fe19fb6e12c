/**
 * The plan: what to send so the device holds what the file says, as operations of the ops
 * layer (each `describe + request` from one object, journaled on the way out), in a safe
 * order:
 *
 * 1. rule deletes — rules the file no longer has (only with `prune`), and the old half of a
 *    rule whose priority or match changed (found by cookie, else by a name unique on both
 *    sides): a delete comes before the groups it used;
 * 2. groups added, then groups changed — PUT (the device keeps the rules that use them), or
 *    with `groupMethod: 'post'` a POST, after which the device has deleted every rule that
 *    used the group: the plan re-adds them (as the file has them, or as they were);
 * 3. port settings (only the fields the file gives), then the group hash;
 * 4. rules changed (PUT: actions, name, description, cookie — the device keeps match and
 *    priority), then rules added (POST), then the re-adds of step 2;
 * 5. group deletes (only with `prune`), once no rule uses them;
 * 6. the boot save-point.
 *
 * A rule of the file meets a rule of the device by (priority, normalized match) — see
 * identity.ts — and a write names the device's rule by its own spelling (exactKey). A
 * section the file leaves out is not touched; a rule or group the device has and the file
 * does not is left alone (listed) unless `prune`.
 */
import {
  type Group,
  type GroupHash,
  matchLabel,
  PORT_SETTING_FIELDS,
  type PortConfig,
  type Rule,
  type RuleInput,
} from '../../model/index.js';
import { exactKey, flowCount, groupsUsed, usesGroups } from '../../tcam/index.js';
import { deviceOps } from '../device.js';
import { type GroupInput, groupOps } from '../groups.js';
import type { Operation } from '../operation.js';
import { type PortConfigChanges, portOps } from '../ports.js';
import { ruleOps } from '../rules.js';
import { savepointOps } from '../savepoints.js';
import { deviceErrors } from './device-checks.js';
import type { DeviceState } from './device-state.js';
import { normalActions, ruleIdentity, sameActions } from './identity.js';
import type {
  DesiredConfig,
  DesiredGroup,
  DesiredPort,
  DesiredRule,
  DesiredSection,
} from './types.js';

export type StepAction = 'add' | 'change' | 'delete' | 're-add' | 'set';

export interface PlanStep {
  section: DesiredSection;
  action: StepAction;
  /** The rule, group, port or setting, for people. */
  subject: string;
  /** What changes or why ('' when the action says it all). */
  detail: string;
  op: Operation;
  /**
   * Rule steps: the rule the device has now (change, delete; re-add: the rule the group POST
   * deletes) and the rule sent (add, re-add, change).
   */
  target?: Rule;
  rule?: RuleInput;
  /** Group steps that send a group (add, change): the group sent. */
  group?: GroupInput;
}

export interface DesiredPlan {
  steps: PlanStep[];
  /** On the device, not in the file, kept (no `prune`). */
  leftAlone: string[];
  /** Rules, groups and ports the file and the device agree on. */
  unchanged: number;
  /** TCAM flows in use now and after the plan (the device's count, the model's delta). */
  flows: { before: number; after: number; maximum: number };
  /** What the operator should know (group replaces, rules the device will delete …). */
  notes: string[];
  /**
   * The file and the device disagree in a way no request can fix, or a step the device
   * would refuse (device-checks.ts): nothing is sent.
   */
  errors: string[];
}

export interface PlanOptions {
  /** Delete rules and groups the file does not have. */
  prune?: boolean;
  /** How a changed group is sent: PUT (default, keeps its rules) or POST (re-adds them). */
  groupMethod?: 'put' | 'post';
}

export const ruleSubject = (r: {
  name?: string;
  priority: number;
  match: Record<string, unknown>;
}) => `rule${r.name ? ` '${r.name}'` : ''} (priority ${r.priority}: ${matchLabel(r.match)})`;

const usesGroup = (actions: readonly string[], ids: ReadonlySet<number>) =>
  usesGroups(normalActions(actions), ids);

/** What a file rule sends: its own spelling; absent name/description are empty. */
function ruleInput(f: DesiredRule): RuleInput {
  const input: RuleInput = {
    priority: f.priority,
    match: { ...f.match },
    actions: [...f.actions],
    name: f.name ?? '',
    description: f.description ?? '',
  };
  if (f.cookie !== undefined) input.cookie = f.cookie;
  return input;
}

/** A device rule re-added exactly as it was. */
function asItWas(d: Rule): RuleInput {
  return {
    ...exactKey(d),
    actions: [...d.actions],
    name: d.name,
    description: d.description,
    cookie: d.cookie,
  };
}

/** What differs between a file rule and the device's rule of the same identity. */
function ruleChanges(f: DesiredRule, d: Rule): string[] {
  const out: string[] = [];
  if (!sameActions(f.actions, d.actions))
    out.push(`actions ${d.actions.join(',') || '(none)'} → ${f.actions.join(',')}`);
  if ((f.name ?? '') !== d.name) out.push(`name '${d.name}' → '${f.name ?? ''}'`);
  if ((f.description ?? '') !== d.description) out.push('description');
  if (f.cookie !== undefined && BigInt(f.cookie) !== d.cookie)
    out.push(`cookie ${d.cookie} → ${f.cookie}`);
  return out;
}

function groupInput(g: DesiredGroup): GroupInput {
  return {
    group_id: g.id,
    type: g.type,
    description: g.description ?? '',
    buckets: g.buckets.map((b) => ({ watch_port: b.watch_port ?? '', actions: [...b.actions] })),
  };
}

const port = (p: string | undefined) => (p ?? '').trim().replace(/^0+(?=\d)/, '');

function groupChanges(g: DesiredGroup, d: Group): string[] {
  const out: string[] = [];
  if (g.type !== d.type) out.push(`type ${d.type} → ${g.type}`);
  if ((g.description ?? '') !== d.description) out.push('description');
  const same =
    g.buckets.length === d.buckets.length &&
    g.buckets.every(
      (b, i) =>
        port(b.watch_port) === port(d.buckets[i]!.watch_port) &&
        sameActions(b.actions, d.buckets[i]!.actions),
    );
  if (!same) out.push(`buckets ${d.buckets.length} → ${g.buckets.length}`);
  return out;
}

const PORT_FIELDS = PORT_SETTING_FIELDS;

function portChanges(want: DesiredPort, d: PortConfig): [PortConfigChanges, string[]] {
  const changes: PortConfigChanges = {};
  const words: string[] = [];
  for (const k of PORT_FIELDS) {
    const w = want[k];
    if (w === undefined) continue;
    const now = k === 'xg_speed' ? d.xg_speed?.nextSetting : d[k];
    const differs =
      typeof w === 'string' ? String(now ?? '').toLowerCase() !== w.toLowerCase() : now !== w;
    if (!differs) continue;
    (changes as Record<string, unknown>)[k] = w;
    words.push(`${k} ${now === undefined ? '?' : String(now)} → ${String(w)}`);
  }
  return [changes, words];
}

export function planDesired(
  config: DesiredConfig,
  device: DeviceState,
  opts: PlanOptions = {},
): DesiredPlan {
  const plan: DesiredPlan = {
    steps: [],
    leftAlone: [],
    unchanged: 0,
    flows: { before: device.flows.used, after: device.flows.used, maximum: device.flows.maximum },
    notes: [],
    errors: [],
  };
  const deletes: PlanStep[] = [];
  const groupSteps: PlanStep[] = [];
  const settingSteps: PlanStep[] = [];
  const ruleSteps: PlanStep[] = [];
  const readds: PlanStep[] = [];
  const groupDeletes: PlanStep[] = [];
  const gone = new Set<Rule>();
  const step = (
    list: PlanStep[],
    section: DesiredSection,
    action: StepAction,
    subject: string,
    detail: string,
    op: Operation,
    rule: { target?: Rule; rule?: RuleInput; group?: GroupInput } = {},
  ) => list.push({ section, action, subject, detail, op, ...rule });

  // Groups first (decides which rules a POST deletes).
  const postReplaced = new Set<number>();
  if (config.groups) {
    const onDevice = new Map(device.groups.map((g) => [g.group_id, g]));
    const inFile = new Set<number>();
    for (const g of config.groups) {
      if (inFile.has(g.id)) plan.errors.push(`group ${g.id} is in the file twice`);
      inFile.add(g.id);
      const d = onDevice.get(g.id);
      if (!d) {
        const input = groupInput(g);
        step(groupSteps, 'groups', 'add', `group ${g.id}`, '', groupOps.add(input), {
          group: input,
        });
        continue;
      }
      const changes = groupChanges(g, d);
      if (changes.length === 0) {
        plan.unchanged++;
        continue;
      }
      const input = groupInput(g);
      if (opts.groupMethod === 'post') {
        postReplaced.add(g.id);
        step(
          groupSteps,
          'groups',
          'change',
          `group ${g.id}`,
          `${changes.join(', ')} (POST: the device deletes the rules that use it; they are re-added after)`,
          groupOps.add(input),
          { group: input },
        );
      } else
        step(
          groupSteps,
          'groups',
          'change',
          `group ${g.id}`,
          changes.join(', '),
          groupOps.modify(input),
          { group: input },
        );
    }
    for (const d of device.groups) {
      if (inFile.has(d.group_id)) continue;
      if (opts.prune)
        step(
          groupDeletes,
          'groups',
          'delete',
          `group ${d.group_id}`,
          '',
          groupOps.remove(d.group_id),
        );
      else plan.leftAlone.push(`group ${d.group_id}`);
    }
    if (config.rules)
      for (const f of config.rules)
        for (const id of groupsUsed(normalActions(f.actions)))
          if (!inFile.has(id))
            plan.errors.push(
              `${ruleSubject(f)} sends to group:${id}, which the file's groups do not have${opts.prune ? '' : ' (add it to groups)'}`,
            );
  }
  const deletedByPost = (d: Rule) => postReplaced.size > 0 && usesGroup(d.actions, postReplaced);

  if (config.rules)
    planRules(config.rules, device, opts, plan, {
      remove: (d, detail) => {
        gone.add(d);
        step(deletes, 'rules', 'delete', ruleSubject(d), detail, ruleOps.remove(exactKey(d)), {
          target: d,
        });
      },
      change: (f, d, detail) => {
        if (deletedByPost(d)) return readd(f, d);
        const rule: RuleInput = {
          ...ruleInput(f),
          ...exactKey(d),
          ...(sameActions(f.actions, d.actions) ? { actions: [...d.actions] } : {}),
        };
        step(ruleSteps, 'rules', 'change', ruleSubject(d), detail, ruleOps.modify(rule), {
          target: d,
          rule,
        });
      },
      same: (f, d) => {
        if (deletedByPost(d)) return readd(f, d);
        plan.unchanged++;
      },
      add: (f, detail) => addRule(ruleSteps, 'add', ruleInput(f), detail),
      keep: (d) => {
        if (deletedByPost(d)) {
          gone.add(d);
          addRule(readds, 're-add', asItWas(d), 'as it was: the group POST deleted it', d);
        } else plan.leftAlone.push(ruleSubject(d));
      },
    });
  else if (postReplaced.size > 0)
    for (const d of device.rules)
      if (!d.malformed && deletedByPost(d)) {
        gone.add(d);
        addRule(readds, 're-add', asItWas(d), 'as it was: the group POST deleted it', d);
      }

  function readd(f: DesiredRule, d: Rule) {
    gone.add(d);
    addRule(readds, 're-add', ruleInput(f), 'the group POST deleted it', d);
  }
  function addRule(
    list: PlanStep[],
    action: StepAction,
    input: RuleInput,
    detail: string,
    deleted?: Rule,
  ) {
    plan.flows.after += flowCount(input.match);
    step(list, 'rules', action, ruleSubject(input), detail, ruleOps.add(input), {
      rule: input,
      ...(deleted ? { target: deleted } : {}),
    });
  }

  if (config.ports) {
    const byName = new Map(device.ports.map((p) => [p.if_name, p]));
    for (const [name, want] of Object.entries(config.ports)) {
      const d = byName.get(name);
      if (!d) {
        plan.errors.push(`port ${name}: the device has no such port`);
        continue;
      }
      const [changes, words] = portChanges(want, d);
      if (words.length === 0) plan.unchanged++;
      else
        step(
          settingSteps,
          'ports',
          'set',
          `port ${name}`,
          words.join(', '),
          portOps.setConfig(name, changes),
        );
    }
  }
  if (config.group_hash && device.hash) {
    const now: GroupHash = device.hash;
    const next: GroupHash = { ...now, ...config.group_hash };
    const words = (Object.keys(next) as (keyof GroupHash)[])
      .filter((k) => next[k] !== now[k])
      .map((k) => `${k} ${now[k]} → ${next[k]}`);
    if (words.length > 0 && !Object.values(next).some(Boolean))
      plan.errors.push(
        'group hash: every field would be off; the device keeps at least one selected',
      );
    else if (words.length > 0)
      step(
        settingSteps,
        'group_hash',
        'set',
        'group hash',
        words.join(', '),
        deviceOps.setGroupHash(next),
      );
  }
  const boot: PlanStep[] = [];
  if (config.boot_savepoint !== undefined && config.boot_savepoint !== device.boot) {
    if (device.savepoints && !device.savepoints.includes(config.boot_savepoint))
      plan.errors.push(
        `boot save-point '${config.boot_savepoint}': the device has no rule save-point of that name`,
      );
    else
      step(
        boot,
        'boot_savepoint',
        'set',
        'boot save-point',
        `${device.boot ?? '?'} → ${config.boot_savepoint}`,
        savepointOps.setDefault(config.boot_savepoint),
      );
  }

  for (const d of gone) plan.flows.after -= d.real_flow_ct;
  const groupAdds = groupSteps.filter((s) => s.action === 'add');
  const groupChanges_ = groupSteps.filter((s) => s.action !== 'add');
  plan.steps = [
    ...deletes,
    ...groupAdds,
    ...groupChanges_,
    ...settingSteps,
    ...ruleSteps.filter((s) => s.action === 'change'),
    ...ruleSteps.filter((s) => s.action !== 'change'),
    ...readds,
    ...groupDeletes,
    ...boot,
  ];
  if (postReplaced.size > 0)
    plan.notes.push(
      `group ${[...postReplaced].join(', ')} replaced by POST: the device deletes the rules that use ${postReplaced.size === 1 ? 'it' : 'them'}; ${readds.length} ${readds.length === 1 ? 'rule is' : 'rules are'} re-added after`,
    );
  if (config.rules === undefined && groupDeletes.length > 0)
    plan.notes.push('the file has no rules: a group that device rules still use cannot be deleted');
  plan.errors.push(...deviceErrors(plan, device, config.groups !== undefined));
  return plan;
}

interface RuleSink {
  remove(d: Rule, detail: string): void;
  change(f: DesiredRule, d: Rule, detail: string): void;
  same(f: DesiredRule, d: Rule): void;
  add(f: DesiredRule, detail: string): void;
  /** A device rule the file does not have, without prune. */
  keep(d: Rule): void;
}

function planRules(
  rules: readonly DesiredRule[],
  device: DeviceState,
  opts: PlanOptions,
  plan: DesiredPlan,
  sink: RuleSink,
): void {
  const byIdentity = new Map<string, Rule[]>();
  const malformed: Rule[] = [];
  for (const d of device.rules) {
    if (d.malformed) {
      malformed.push(d);
      continue;
    }
    const id = ruleIdentity(d);
    const list = byIdentity.get(id);
    if (list) list.push(d);
    else byIdentity.set(id, [d]);
  }
  const seen = new Map<string, DesiredRule>();
  const matched: [DesiredRule, Rule][] = [];
  const unmatched: DesiredRule[] = [];
  for (const f of rules) {
    const id = ruleIdentity(f);
    const twin = seen.get(id);
    if (twin) {
      plan.errors.push(
        `${ruleSubject(f)} and ${ruleSubject(twin)} are one rule on the device (same priority, same match)`,
      );
      continue;
    }
    seen.set(id, f);
    const d = byIdentity.get(id)?.shift();
    if (d) matched.push([f, d]);
    else unmatched.push(f);
  }
  const rest = new Set([...byIdentity.values()].flat());
  // A rule whose priority or match changed: the same cookie, else a name unique on both sides.
  const fileNames = new Map<string, number>();
  for (const f of rules) if (f.name) fileNames.set(f.name, (fileNames.get(f.name) ?? 0) + 1);
  const byCookie = new Map<string, Rule>();
  const byName = new Map<string, Rule[]>();
  for (const d of rest) {
    byCookie.set(String(d.cookie), d);
    if (d.name) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  }
  const replaced: [DesiredRule, Rule][] = [];
  for (const f of unmatched) {
    let d: Rule | undefined;
    if (f.cookie !== undefined) d = byCookie.get(f.cookie);
    else if (f.name && fileNames.get(f.name) === 1) {
      const named = byName.get(f.name);
      if (named?.length === 1) d = named[0];
    }
    if (d && rest.has(d)) {
      rest.delete(d);
      replaced.push([f, d]);
    }
  }
  const replacedFiles = new Set(replaced.map(([f]) => f));
  for (const [f, d] of replaced)
    sink.remove(
      d,
      `replaced: ${f.priority !== d.priority ? 'priority' : 'match'} changed — re-added as ${ruleSubject(f)}`,
    );
  for (const d of rest) {
    if (opts.prune) sink.remove(d, 'not in the file (--prune)');
    else sink.keep(d);
  }
  for (const d of malformed)
    plan.leftAlone.push(`${ruleSubject(d)} — malformed on the device: pbc sends no write for it`);
  for (const [f, d] of matched) {
    const changes = ruleChanges(f, d);
    if (changes.length === 0) sink.same(f, d);
    else sink.change(f, d, changes.join(', '));
  }
  for (const f of unmatched)
    sink.add(f, replacedFiles.has(f) ? 'replaces the rule deleted above' : '');
}
