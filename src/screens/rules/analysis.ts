/**
 * Everything the rule editor says about the rule being typed, recomputed per keystroke:
 * validation (src/tcam), the TCAM preview against the device's /flownumbers, shadowing
 * against the active rules, and what applying it would do (add, modify, or delete + add).
 */
import {
  type Match,
  OFPVID_PRESENT,
  parseIntStrict,
  type Rule,
  splitActions,
} from '../../model/index.js';
import {
  capacity,
  explainCost,
  flowCount,
  type Issue,
  type RuleContext,
  type ShadowReport,
  sameKey,
  shadowsOf,
  validateActions,
  validateMatch,
} from '../../tcam/index.js';
import type { EditorEnv } from './completion.js';
import { actionsOf, type EditorFix, matchOf, priorityOf, type RuleForm } from './editor-state.js';

/** What the editor knows about the device. */
export interface DeviceView {
  ctx: RuleContext;
  env: EditorEnv;
  rules: readonly Rule[];
  /** TCAM flows in use (/flownumbers, else the rule list's used_flows). */
  used: number;
  /** /flownumbers maximum_flows, else the storage mode's nominal maximum. */
  maximum: number;
}

export interface FormIssue {
  severity: 'error' | 'warning' | 'info';
  /** Focus target the issue is about (a field, a match row, an action). */
  target?: string;
  message: string;
  fix?: EditorFix;
}

/** add: POST; modify: PUT on an existing rule; replace: DELETE the old rule + POST the new one. */
export type Intent = 'add' | 'modify' | 'replace';

export interface TcamPreview {
  flows: number;
  explain: string;
  used: number;
  /** Flows the device gains (negative when a replaced rule cost more). */
  delta: number;
  after: number;
  maximum: number;
  pct: number;
  level: 'ok' | 'high' | 'over';
}

export interface Analysis {
  match: Match;
  actions: string[];
  priority: number | null;
  issues: FormIssue[];
  fixes: EditorFix[];
  tcam: TcamPreview;
  shadow: ShadowReport<Rule>;
  intent: Intent;
  /** The existing rule a modify or replace changes. */
  target?: Rule;
  /** Why Apply cannot send anything yet, or null. */
  blocked: string | null;
}

const NAME_MAX = 256;
const DESCRIPTION_MAX = 1024;

function rowTarget(form: RuleForm, field: string, part: 'f' | 'v'): string | undefined {
  const row = form.match.find((r) => r.field.text.trim() === field);
  return row ? `m${row.id}.${part}` : undefined;
}

function actionTarget(form: RuleForm, action: string): string | undefined {
  const row = form.actions.find((r) => splitActions(r.text.text).includes(action));
  return row ? `a${row.id}` : undefined;
}

function formIssues(
  form: RuleForm,
  device: DeviceView,
  match: Match,
  actions: string[],
): FormIssue[] {
  const issues: FormIssue[] = [];
  if (priorityOf(form) === null)
    issues.push({
      severity: 'error',
      target: 'priority',
      message: `priority must be an integer 0..65535, got '${form.priority.text}'`,
    });
  if (form.name.text.length > NAME_MAX)
    issues.push({
      severity: 'error',
      target: 'name',
      message: `name is longer than ${NAME_MAX} characters`,
    });
  if (form.description.text.length > DESCRIPTION_MAX)
    issues.push({
      severity: 'error',
      target: 'description',
      message: `description is longer than ${DESCRIPTION_MAX} characters`,
    });
  const seen = new Set<string>();
  for (const r of form.match) {
    const f = r.field.text.trim();
    if (f === '' && r.value.text.trim() !== '')
      issues.push({
        severity: 'error',
        target: `m${r.id}.f`,
        message: 'a match row has a value but no field name',
      });
    if (f !== '' && seen.has(f))
      issues.push({ severity: 'error', target: `m${r.id}.f`, message: `${f} is given twice` });
    seen.add(f);
  }
  for (const i of validateMatch(match, device.ctx)) {
    const unknown = i.message.startsWith('unknown match field');
    const issue: FormIssue = { severity: i.severity, message: i.message };
    const target = i.subject ? rowTarget(form, i.subject, unknown ? 'f' : 'v') : undefined;
    if (target) issue.target = target;
    if (i.fix && !Object.hasOwn(match, i.fix.add)) {
      issue.message += ` — ^F adds '${i.fix.add}'`;
      issue.fix = {
        kind: 'addMatch',
        field: i.fix.add,
        value: i.fix.value,
        label: `add ${i.fix.add}`,
        ...(i.subject ? { before: i.subject } : {}),
      };
    }
    issues.push(issue);
  }
  for (const i of outputPortsAsWarnings(validateActions(actions, device.ctx))) {
    const issue: FormIssue = { severity: i.severity, message: i.message };
    const target =
      i.subject === 'actions' ? 'addAction' : i.subject ? actionTarget(form, i.subject) : undefined;
    if (target) issue.target = target;
    issues.push(issue);
  }
  // set_field:100->vlan_vid almost always means VLAN 100: offer 4196
  for (const r of form.actions) {
    const m = /^set_field:\s*(\S+?)\s*->\s*vlan_vid$/.exec(r.text.text.trim());
    const n = m ? parseIntStrict(m[1]!) : null;
    if (n !== null && n < OFPVID_PRESENT) {
      const text = `set_field:${n + OFPVID_PRESENT}->vlan_vid`;
      const fix: EditorFix = { kind: 'setAction', id: r.id, text, label: `use ${text}` };
      const i = issues.find((x) => x.target === `a${r.id}` && x.severity === 'error');
      if (i) {
        i.message += ` — ^F writes ${text} (VLAN ${n})`;
        i.fix = fix;
      }
    }
  }
  return issues;
}

/**
 * Output to a port the device does not list is a warning, not an error: ports come and go
 * with splits and reboots, and the device is the authority (the simulator refuses it).
 */
export function outputPortsAsWarnings(issues: Issue[]): Issue[] {
  return issues.map((i) =>
    i.severity === 'error' && /^output port \d+ does not exist on this device$/.test(i.message)
      ? { ...i, severity: 'warning', message: `${i.message}; the device will probably refuse it` }
      : i,
  );
}

function preview(match: Match, device: DeviceView, delta: number): TcamPreview {
  const flows = flowCount(match);
  const after = device.used + delta;
  const maximum = device.maximum;
  const ratio = maximum > 0 ? after / maximum : 1;
  return {
    flows,
    explain: explainCost(match),
    used: device.used,
    delta,
    after,
    maximum,
    pct: Math.floor(ratio * 100),
    level: after > maximum ? 'over' : ratio >= 0.9 ? 'high' : 'ok',
  };
}

/** `this rule: 14 flows · device after apply: 10+14 / 4096 (0 %)`. */
export function previewLine(t: TcamPreview, intent: Intent): string {
  const change =
    intent === 'modify'
      ? `${t.used}`
      : t.delta === t.flows
        ? `${t.used}+${t.flows}`
        : `${t.used}${t.delta - t.flows < 0 ? '−' : '+'}${Math.abs(t.delta - t.flows)}+${t.flows}`;
  const word = t.level === 'over' ? ' OVER MAXIMUM' : t.level === 'high' ? ' HIGH' : '';
  return `this rule: ${t.flows} ${t.flows === 1 ? 'flow' : 'flows'} · device after apply: ${change} / ${t.maximum} (${t.pct} %)${word}`;
}

const names = (rules: readonly Rule[], max = 3) =>
  rules
    .slice(0, max)
    .map((r) => `'${r.name || '(no name)'}' (prio ${r.priority})`)
    .join(', ') + (rules.length > max ? ` and ${rules.length - max} more` : '');

export function analyze(form: RuleForm, device: DeviceView): Analysis {
  const match = matchOf(form);
  const actions = actionsOf(form);
  const priority = priorityOf(form);
  const issues = formIssues(form, device, match, actions);
  const key = { priority: priority ?? -1, match };
  const original =
    form.mode === 'edit' && form.original
      ? device.rules.find((r) => sameKey(r, form.original!))
      : undefined;
  const shadow =
    priority === null
      ? { shadowedBy: [], shadows: [], partial: [] }
      : shadowsOf<Rule>(key, device.rules, original);

  let intent: Intent = 'add';
  let target: Rule | undefined;
  if (form.mode === 'edit' && form.original) {
    const unchanged = priority !== null && sameKey(key, form.original);
    intent = unchanged ? 'modify' : 'replace';
    target = original ?? form.original;
    if (!original)
      issues.push({
        severity: 'warning',
        message: `rule '${form.original.name}' is no longer on the device (changed meanwhile?)`,
      });
    if (shadow.sameKey)
      issues.push({
        severity: 'error',
        target: 'priority',
        message: `another rule, '${shadow.sameKey.name}', already has this match and priority; edit that rule instead`,
      });
    else if (intent === 'replace')
      issues.push({
        severity: 'info',
        message:
          'match or priority changed: PUT cannot change them, so this deletes the old rule and adds a new one (new cookie, counters from 0)',
      });
  } else if (shadow.sameKey) {
    intent = 'modify';
    target = shadow.sameKey;
    issues.push({
      severity: 'info',
      target: 'priority',
      message: `a rule with this match and priority exists ('${shadow.sameKey.name}'): applying EDITS it (PUT), it does not add one`,
    });
  }
  if (shadow.shadowedBy.length > 0)
    issues.push({
      severity: 'warning',
      message: `unreachable: ${names(shadow.shadowedBy)} ${shadow.shadowedBy.length === 1 ? 'covers' : 'cover'} this match at higher or equal priority`,
    });
  if (shadow.shadows.length > 0)
    issues.push({
      severity: 'warning',
      message: `shadows ${shadow.shadows.length} lower-priority ${shadow.shadows.length === 1 ? 'rule' : 'rules'}: ${names(shadow.shadows)} would never match again`,
    });
  if (shadow.partial.length > 0)
    issues.push({
      severity: 'info',
      message: `overlaps ${names(shadow.partial)}: ${shadow.partial.length === 1 ? 'it takes' : 'they take'} part of this rule's packets first`,
    });

  const flows = flowCount(match);
  const delta =
    intent === 'modify' ? 0 : intent === 'replace' ? flows - (target?.real_flow_ct ?? 0) : flows;
  const tcam = preview(match, device, delta);
  if (tcam.level === 'high')
    issues.push({ severity: 'warning', message: `the TCAM would be ${tcam.pct} % full` });
  if (tcam.level === 'over')
    issues.push({
      severity: form.override ? 'warning' : 'error',
      target: 'override',
      message: `past the TCAM maximum (${tcam.after} of ${tcam.maximum}); the device may refuse it${form.override ? ' (sending anyway)' : ' — tick "apply anyway" to send it'}`,
    });

  const errors = issues.filter((i) => i.severity === 'error');
  let blocked: string | null = null;
  if (errors.length > 0)
    blocked = `${errors.length} ${errors.length === 1 ? 'error' : 'errors'} to fix first`;
  else if (intent === 'modify' && target && !changes(form, target, actions))
    blocked = 'nothing changed';
  return {
    match,
    actions,
    priority,
    issues,
    fixes: issues.flatMap((i) => (i.fix ? [i.fix] : [])),
    tcam,
    shadow,
    intent,
    ...(target ? { target } : {}),
    blocked,
  };
}

/** Does a PUT change anything on `target`? */
function changes(form: RuleForm, target: Rule, actions: string[]): boolean {
  return (
    form.name.text !== target.name ||
    form.description.text !== target.description ||
    actions.join(',') !== target.actions.join(',')
  );
}

export function nominalMaximum(ctx: RuleContext): number {
  return capacity(ctx.storageMode).maximum;
}
