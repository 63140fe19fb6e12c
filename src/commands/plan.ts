/**
 * `pbc rules plan`: what would this rule do on the device? The verdicts are src/tcam's
 * checkRule — the same the console's rule editor shows — against the device's storage mode,
 * ports (and which are shut down), groups, active rules and /flownumbers. Sends nothing but
 * GETs. Exit 0 without errors (an add, or a modify of the rule with that match and
 * priority), else 1 with the first error.
 */
import type { Client } from '../api/index.js';
import { DEFAULT_PRIORITY } from '../api/normalize-rules.js';
import { UsageError } from '../model/errors.js';
import type { Rule } from '../model/index.js';
import { sanitize } from '../model/sanitize.js';
import {
  type Candidate,
  type CheckContext,
  checkRule,
  devicePorts,
  portMap,
  type RuleCheck,
} from '../tcam/index.js';
import { describeRule, parseActions, parseMatch, parsePriority } from './args.js';
import { QuietFailure } from './errors.js';
import type { RuleOptions } from './rules.js';
import type { Run } from './run.js';

export interface Plan {
  /** add (POST), or modify (PUT) when a rule with this match and priority exists. */
  kind: RuleCheck<Rule>['kind'];
  flows: number;
  used: number;
  after: number;
  maximum: number;
  fits: boolean;
  errors: string[];
  warnings: string[];
  notes: string[];
  explain: string;
  /** Rules that make this one unreachable, and rules it would make unreachable (names). */
  shadowed_by: string[];
  shadows: string[];
}

/** The device as checkRule sees it, read with GETs (the console reads the same resources). */
async function checkContextOf(c: Client): Promise<CheckContext<Rule>> {
  const [mode, info, config, groups, flows, list] = await Promise.all([
    c.device.ruleStorageMode(),
    c.ports.info(),
    c.ports.config(),
    c.groups.list(),
    c.device.flowNumbers(),
    c.rules.list(),
  ]);
  return {
    storageMode: mode.modeCurrent,
    ports: portMap(devicePorts(info, config)),
    groups: new Set(groups.map((g) => g.group_id)),
    rules: list.rules,
    used: flows.used_flows,
    maximum: flows.maximum_flows,
  };
}

function candidateOf(o: RuleOptions): Candidate {
  const rule: Candidate = {
    priority: parsePriority(o.priority) ?? DEFAULT_PRIORITY,
    match: parseMatch(o.match),
    actions: parseActions(o.actions),
  };
  if (o.name !== undefined) rule.name = o.name;
  if (o.description !== undefined) rule.description = o.description;
  return rule;
}

function planOf(check: RuleCheck<Rule>): Plan {
  const t = check.tcam;
  const label = (r: Rule) => r.name || `(no name, priority ${r.priority})`;
  return {
    kind: check.kind,
    flows: t.flows,
    used: t.used,
    after: t.after,
    maximum: t.maximum,
    fits: t.level !== 'over',
    errors: check.errors,
    warnings: check.warnings,
    notes: check.notes,
    explain: t.explain,
    shadowed_by: check.shadow.shadowedBy.map(label),
    shadows: check.shadow.shadows.map(label),
  };
}

export async function plan(run: Run, o: RuleOptions): Promise<number> {
  if (o.match === undefined && o.actions === undefined)
    throw new UsageError('give the rule to plan: --match FIELD=VALUE … --actions ACTION,…');
  const rule = candidateOf(o);
  const ctx = await checkContextOf(await run.client());
  const result = planOf(checkRule(rule, ctx));
  const priority = rule.priority ?? DEFAULT_PRIORITY;
  await run.print(result, async () => {
    const { renderPairs } = await import('./table.js');
    const t = result;
    return renderPairs([
      [
        'rule',
        `${describeRule(priority, rule.match)} → ${rule.actions.join(',') || '(no actions)'}`,
      ],
      ['storage mode', ctx.storageMode],
      ['applying', t.kind === 'modify' ? 'modifies the existing rule (PUT)' : 'adds it (POST)'],
      ['cost', t.explain],
      [
        'TCAM',
        `${t.used} used + ${t.after - t.used} = ${t.after} of ${t.maximum} (${Math.floor((t.after / t.maximum) * 100)} %)`,
      ],
      ['fits', t.fits ? 'yes' : 'no'],
      ...t.errors.map((e): [string, string] => ['error', e]),
      ...t.warnings.map((w): [string, string] => ['warning', w]),
      ...t.notes.map((n): [string, string] => ['note', n]),
    ]);
  });
  if (result.errors.length === 0) return 0;
  process.stderr.write(
    `${sanitize(`pbc: rules plan: the device would refuse this rule: ${result.errors[0]}`)}\n`,
  );
  throw new QuietFailure(1);
}
