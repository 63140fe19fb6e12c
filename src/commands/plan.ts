/**
 * `pbc rules plan`: would this rule be accepted? Validates match and actions with src/tcam
 * against the device's storage mode, ports and groups, and counts its TCAM entries against
 * /flownumbers. Sends nothing but GETs. Exit 0 when it fits without errors, else 1.
 */
import { DEFAULT_PRIORITY } from '../api/normalize-rules.js';
import { sanitize } from '../model/sanitize.js';
import {
  capacity,
  errorsOf,
  explainCost,
  flowCount,
  sameKey,
  validateActions,
  validateMatch,
} from '../tcam/index.js';
import { describeRule, parseActions, parseMatch, parsePriority } from './args.js';
import { QuietFailure, UsageError } from './errors.js';
import type { RuleOptions } from './rules.js';
import type { Run } from './run.js';

export interface Plan {
  flows: number;
  used: number;
  maximum: number;
  fits: boolean;
  errors: string[];
  warnings: string[];
  explain: string;
}

export async function plan(run: Run, o: RuleOptions): Promise<number> {
  const priority = parsePriority(o.priority) ?? DEFAULT_PRIORITY;
  const match = parseMatch(o.match);
  const actions = parseActions(o.actions);
  if (o.match === undefined && o.actions === undefined)
    throw new UsageError('give the rule to plan: --match FIELD=VALUE … --actions ACTION,…');
  const c = await run.client();
  const [mode, info, config, groups, flows, list] = await Promise.all([
    c.device.ruleStorageMode(),
    c.ports.info(),
    c.ports.config(),
    c.groups.list(),
    c.device.flowNumbers(),
    c.rules.list(),
  ]);
  const shutdown = new Map(config.map((p) => [p.if_name, p.shutdown]));
  const ports = new Map(
    info
      .filter((p) => /^\d+$/.test(p.port_no))
      .map((p) => [
        Number(p.port_no),
        { shutdown: shutdown.get(p.if_name) ?? false, name: p.if_name },
      ]),
  );
  const ctx = {
    storageMode: mode.modeCurrent,
    ports,
    groups: new Set(groups.map((g) => g.group_id)),
  };
  const issues = [...validateMatch(match, ctx), ...validateActions(actions, ctx)];
  const errors = errorsOf(issues).map((i) => i.message);
  const warnings = issues.filter((i) => i.severity === 'warning').map((i) => i.message);
  const existing = list.rules.find((r) => sameKey(r, { priority, match }));
  if (existing)
    errors.push(
      `a rule with ${describeRule(priority, match)} already exists ('${existing.name}'); change it with pbc rules set`,
    );
  const n = flowCount(match);
  const used = flows.used_flows;
  const maximum = flows.maximum_flows;
  const after = used + n;
  const fits = after <= maximum;
  if (!fits) {
    const hard = capacity(mode.modeCurrent).hardLimit;
    warnings.push(
      after <= hard
        ? `${after} entries exceed the reported maximum ${maximum}; the device may still accept it (maximum_flows is a lower bound)`
        : `TCAM full: ${n} more entries needed, ${Math.max(0, maximum - used)} free`,
    );
  } else if (after > maximum * 0.9) {
    warnings.push(`the TCAM would be ${((after / maximum) * 100).toFixed(0)} % full`);
  }
  const result: Plan = {
    flows: n,
    used,
    maximum,
    fits,
    errors,
    warnings,
    explain: explainCost(match),
  };
  await run.print(result, async () => {
    const { renderPairs } = await import('./table.js');
    const lines = renderPairs([
      ['rule', `${describeRule(priority, match)} → ${actions.join(',') || '(no actions)'}`],
      ['storage mode', mode.modeCurrent],
      ['cost', result.explain],
      [
        'TCAM',
        `${used} used + ${n} = ${after} of ${maximum} (${((after / maximum) * 100).toFixed(1)} %)`,
      ],
      ['fits', fits ? 'yes' : 'no'],
      ...errors.map((e): [string, string] => ['error', e]),
      ...warnings.map((w): [string, string] => ['warning', w]),
    ]);
    return lines;
  });
  if (fits && errors.length === 0) return 0;
  const why =
    errors[0] ?? `TCAM full: needs ${n} entries, ${Math.max(0, maximum - used)} of ${maximum} free`;
  process.stderr.write(
    `${sanitize(`pbc: rules plan: the device would refuse this rule: ${why}`)}\n`,
  );
  throw new QuietFailure(1);
}
