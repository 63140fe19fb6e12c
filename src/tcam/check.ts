/**
 * THE rule check: every verdict pbc gives about a rule before it is sent — `pbc rules plan`,
 * `pbc rules add` and the console's rule editor all call `checkRule`, so they cannot disagree.
 * It holds validation (validate.ts), the TCAM cost and the nearly-full threshold (one
 * constant, one comparison), shadowing (shadow.ts), the device-context checks (unknown or
 * shut-down output port, missing group) and what applying it does to an existing rule with
 * the same match and priority (the device's identity of a rule): that is a modify (PUT).
 */
import type { Match, PortConfig, PortInfo, PortState, RuleKey } from '../model/index.js';
import { percentOf, percentText, portStates } from '../model/index.js';
import { explainCost, flowCount } from './expansion.js';
import { type ShadowReport, sameKey, shadowsOf } from './shadow.js';
import { type Issue, type RuleContext, validateActions, validateMatch } from './validate.js';

/** From this share of the maximum the TCAM is "HIGH" (a warning): after / maximum ≥ 0.9. */
const TCAM_HIGH = 0.9;
/** The device accepts up to this much over maximum_flows (a lower bound) before "TCAM full". */
const TCAM_OVERCOMMIT = 0.02;
const NAME_MAX = 256;
const DESCRIPTION_MAX = 1024;

/** What a rule check needs of an existing rule. */
export interface CheckedRule extends RuleKey {
  name: string;
  real_flow_ct: number;
}

export interface CheckContext<R extends CheckedRule> extends RuleContext {
  /** The active rules. */
  rules: readonly R[];
  /** TCAM entries in use and the reported maximum (/flownumbers). */
  used: number;
  maximum: number;
  /** The existing rule being edited: left out of shadowing; a changed key is a replace. */
  editing?: R | null;
  /** Send although the TCAM would pass its maximum: over-maximum becomes a warning. */
  override?: boolean;
}

/** The rule as typed: priority null when it is not an integer 0..65535. */
export interface Candidate {
  priority: number | null;
  match: Match;
  actions: readonly string[];
  name?: string;
  description?: string;
}

export interface Verdict extends Omit<Issue, 'severity'> {
  severity: 'error' | 'warning' | 'info';
  /** Which check said it. */
  about?: 'priority' | 'name' | 'description' | 'key' | 'shadow' | 'tcam';
}

/** add: POST; modify: PUT on the existing rule with that key; replace: DELETE old + POST new. */
export type RuleKind = 'add' | 'modify' | 'replace';

export interface TcamVerdict {
  flows: number;
  explain: string;
  used: number;
  /** Entries the device gains (negative when a replaced rule cost more). */
  delta: number;
  after: number;
  maximum: number;
  /** floor(after / maximum × 100). */
  pct: number;
  /** The percent as every screen writes it (src/model percent.ts): `<1`, `42`. */
  pctText: string;
  level: 'ok' | 'high' | 'over';
  /** Past what the device accepts (maximum + 2 %): it refuses with "TCAM full". */
  full: boolean;
}

export interface RuleCheck<R extends CheckedRule> {
  /** Every verdict in order: validation, key, shadowing, TCAM. */
  issues: Verdict[];
  errors: string[];
  warnings: string[];
  notes: string[];
  kind: RuleKind;
  /** The existing rule a modify or replace changes. */
  target?: R;
  shadow: ShadowReport<R>;
  tcam: TcamVerdict;
}

/** Output to a port the device does not list: ports come and go, so a warning, not an error. */
export function outputPortsAsWarnings(issues: readonly Issue[]): Issue[] {
  return issues.map((i) =>
    i.severity === 'error' && /^output port \d+ does not exist on this device$/.test(i.message)
      ? { ...i, severity: 'warning', message: `${i.message}; the device will probably refuse it` }
      : i,
  );
}

const names = (rules: readonly CheckedRule[], max = 3) =>
  rules
    .slice(0, max)
    .map((r) => `'${r.name || '(no name)'}' (prio ${r.priority})`)
    .join(', ') + (rules.length > max ? ` and ${rules.length - max} more` : '');

function validPriority(p: unknown): p is number {
  return typeof p === 'number' && Number.isInteger(p) && p >= 0 && p <= 0xffff;
}

/** The TCAM after the change: 'high' from TCAM_HIGH of the maximum, 'over' past it. */
function tcamVerdict(match: Match, used: number, maximum: number, delta: number): TcamVerdict {
  const flows = flowCount(match);
  const after = used + delta;
  const ratio = maximum > 0 ? after / maximum : 1;
  const hard = Math.floor(maximum * (1 + TCAM_OVERCOMMIT));
  const level: TcamVerdict['level'] = after > maximum ? 'over' : ratio >= TCAM_HIGH ? 'high' : 'ok';
  return {
    flows,
    explain: explainCost(match),
    used,
    delta,
    after,
    maximum,
    pct: percentOf(ratio),
    pctText: percentText(ratio),
    level,
    full: after > hard,
  };
}

/**
 * The existing rule with this rule's identity (priority and match) — adding it again is a
 * modify (PUT) of that rule, everywhere: the editor, `pbc rules plan` and `pbc rules add`.
 */
export function existingRule<R extends RuleKey>(rule: RuleKey, rules: readonly R[]): R | undefined {
  return validPriority(rule.priority) ? rules.find((r) => sameKey(r, rule)) : undefined;
}

/**
 * The rule on its own — priority, name, description, match and actions — without the
 * device's rules and TCAM: the first part of checkRule, and all a config file's rule gets
 * offline (src/ops/desired/file.ts), so the file and the editor cannot disagree.
 */
export function ruleIssues(rule: Candidate, ctx: RuleContext): Verdict[] {
  const issues: Verdict[] = [];
  const push = (about: Verdict['about'] & string, message: string) =>
    issues.push({ severity: 'error', message, about, subject: about });
  if (!validPriority(rule.priority)) push('priority', 'priority must be an integer 0..65535');
  if ((rule.name?.length ?? 0) > NAME_MAX)
    push('name', `name is longer than ${NAME_MAX} characters`);
  if ((rule.description?.length ?? 0) > DESCRIPTION_MAX)
    push('description', `description is longer than ${DESCRIPTION_MAX} characters`);
  issues.push(...validateMatch(rule.match, ctx));
  issues.push(...outputPortsAsWarnings(validateActions(rule.actions, ctx)));
  return issues;
}

export function checkRule<R extends CheckedRule>(
  rule: Candidate,
  ctx: CheckContext<R>,
): RuleCheck<R> {
  const issues: Verdict[] = ruleIssues(rule, ctx);
  const push = (severity: Verdict['severity'], about: Verdict['about'], message: string) =>
    issues.push({ severity, message, ...(about ? { about, subject: about } : {}) });
  const { priority, match } = rule;

  const key: RuleKey = { priority: priority ?? -1, match };
  const editing = ctx.editing ?? undefined;
  const original = editing ? ctx.rules.find((r) => sameKey(r, editing)) : undefined;
  const shadow: ShadowReport<R> = validPriority(priority)
    ? shadowsOf<R>(key, ctx.rules, original)
    : { shadowedBy: [], shadows: [], partial: [] };

  let kind: RuleKind = 'add';
  let target: R | undefined;
  if (editing) {
    kind = validPriority(priority) && sameKey(key, editing) ? 'modify' : 'replace';
    target = original ?? editing;
    if (!original)
      push(
        'warning',
        'key',
        `rule '${editing.name}' is no longer on the device (changed meanwhile?)`,
      );
    if (shadow.sameKey)
      push(
        'error',
        'key',
        `another rule, '${shadow.sameKey.name}', already has this match and priority; edit that rule instead`,
      );
    else if (kind === 'replace')
      push(
        'info',
        'key',
        'match or priority changed: PUT cannot change them, so this deletes the old rule and adds a new one (new cookie, counters from 0)',
      );
  } else {
    const existing = existingRule(key, ctx.rules);
    if (existing) {
      kind = 'modify';
      target = existing;
      push(
        'info',
        'key',
        `a rule with this match and priority exists ('${existing.name}'): applying EDITS it (PUT), it does not add one`,
      );
    }
  }
  if (shadow.shadowedBy.length > 0)
    push(
      'warning',
      'shadow',
      `unreachable: ${names(shadow.shadowedBy)} ${shadow.shadowedBy.length === 1 ? 'covers' : 'cover'} this match at higher or equal priority`,
    );
  if (shadow.shadows.length > 0)
    push(
      'warning',
      'shadow',
      `shadows ${shadow.shadows.length} lower-priority ${shadow.shadows.length === 1 ? 'rule' : 'rules'}: ${names(shadow.shadows)} would never match again`,
    );
  if (shadow.partial.length > 0)
    push(
      'info',
      'shadow',
      `overlaps ${names(shadow.partial)}: ${shadow.partial.length === 1 ? 'it takes' : 'they take'} part of this rule's packets first`,
    );

  const flows = flowCount(match);
  const delta =
    kind === 'modify' ? 0 : kind === 'replace' ? flows - (target?.real_flow_ct ?? 0) : flows;
  const tcam = tcamVerdict(match, ctx.used, ctx.maximum, delta);
  if (tcam.level === 'high') push('warning', 'tcam', `the TCAM would be ${tcam.pctText} % full`);
  else if (tcam.level === 'over' && !tcam.full)
    push(
      ctx.override ? 'warning' : 'error',
      'tcam',
      `past the TCAM maximum (${tcam.after} of ${tcam.maximum}); the device may refuse it`,
    );
  else if (tcam.level === 'over')
    push(
      ctx.override ? 'warning' : 'error',
      'tcam',
      `TCAM full: ${tcam.after} of ${tcam.maximum} entries is past what the device accepts (${Math.max(0, tcam.maximum - tcam.used)} free, this change needs ${tcam.delta})`,
    );

  const of = (s: Verdict['severity']) =>
    issues.filter((i) => i.severity === s).map((i) => i.message);
  return {
    issues,
    errors: of('error'),
    warnings: of('warning'),
    notes: of('info'),
    kind,
    ...(target ? { target } : {}),
    shadow,
    tcam,
  };
}

/** A port of the device as the checks see it: number, name, and whether it is shut down. */
export type DevicePort = Omit<PortState, 'up'>;

/**
 * The device's numbered ports with their state, from GET /ports/info and /ports/config
 * (shut down: the one rule of src/model port-state.ts).
 */
export function devicePorts(
  info: readonly PortInfo[] | undefined,
  config: readonly PortConfig[] | undefined,
): DevicePort[] {
  return portStates(info, config).map(({ no, name, shutdown }) => ({ no, name, shutdown }));
}

/** The ports map of a RuleContext. */
export function portMap(ports: readonly DevicePort[]): RuleContext['ports'] {
  return new Map(ports.map((p) => [p.no, { shutdown: p.shutdown, name: p.name }]));
}
