/**
 * Everything the rule editor says about the rule being typed, recomputed per keystroke: the
 * verdicts of src/tcam's checkRule (the same `pbc rules plan` prints), placed on the form's
 * fields, plus the form's own issues (a row without a field, a field twice) and its fixes.
 */
import {
  type Match,
  OFPVID_PRESENT,
  parseIntStrict,
  type Rule,
  splitActions,
} from '../../model/index.js';
import {
  type Candidate,
  type CheckContext,
  capacity,
  checkRule,
  type RuleCheck,
  type RuleContext,
  type RuleKind,
  type ShadowReport,
  type TcamVerdict,
  type Verdict,
} from '../../tcam/index.js';
import type { DeviceView } from '../device-view.js';
import { actionsOf, type EditorFix, matchOf, priorityOf, type RuleForm } from './editor-state.js';

export type { DeviceView };

export interface FormIssue {
  severity: 'error' | 'warning' | 'info';
  /** Focus target the issue is about (a field, a match row, an action). */
  target?: string;
  message: string;
  fix?: EditorFix;
}

/** add: POST; modify: PUT on an existing rule; replace: DELETE the old rule + POST the new one. */
export type Intent = RuleKind;

export type TcamPreview = TcamVerdict;

export interface Analysis {
  match: Match;
  actions: string[];
  priority: number | null;
  issues: FormIssue[];
  fixes: EditorFix[];
  tcam: TcamPreview;
  shadow: ShadowReport<Rule>;
  intent: Intent;
  /** src/tcam's verdict, the same `pbc rules plan` prints. */
  check: RuleCheck<Rule>;
  /** The existing rule a modify or replace changes. */
  target?: Rule;
  /** Why Apply cannot send anything yet, or null. */
  blocked: string | null;
}

function rowTarget(form: RuleForm, field: string, part: 'f' | 'v'): string | undefined {
  const row = form.match.find((r) => r.field.text.trim() === field);
  return row ? `m${row.id}.${part}` : undefined;
}

function actionTarget(form: RuleForm, action: string): string | undefined {
  const row = form.actions.find((r) => splitActions(r.text.text).includes(action));
  return row ? `a${row.id}` : undefined;
}

/** Issues about the form itself (not the rule it stands for): rows without a field, a field twice. */
function rowIssues(form: RuleForm): FormIssue[] {
  const issues: FormIssue[] = [];
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
  return issues;
}

/** src/tcam's verdict, placed on the form: which field it is about, and the one-key fix. */
function placed(form: RuleForm, v: Verdict, match: Match): FormIssue {
  const issue: FormIssue = { severity: v.severity, message: v.message };
  let target: string | undefined;
  if (v.about === 'priority' || v.about === 'key') target = 'priority';
  else if (v.about === 'name' || v.about === 'description') target = v.about;
  else if (v.about === 'tcam') target = v.severity === 'info' ? undefined : 'override';
  else if (v.about === 'shadow') target = undefined;
  else if (v.subject === 'actions') target = 'addAction';
  else if (v.subject !== undefined) {
    const unknown = v.message.startsWith('unknown match field');
    target = Object.hasOwn(match, v.subject)
      ? rowTarget(form, v.subject, unknown ? 'f' : 'v')
      : actionTarget(form, v.subject);
  }
  if (target) issue.target = target;
  if (v.about === 'priority') issue.message += `, got '${form.priority.text}'`;
  if (v.about === 'tcam' && (v.message.startsWith('past') || v.message.startsWith('TCAM full')))
    issue.message += form.override ? ' (sending anyway)' : ' — tick "apply anyway" to send it';
  if (v.fix && !Object.hasOwn(match, v.fix.add)) {
    issue.message += ` — ^F adds '${v.fix.add}'`;
    issue.fix = {
      kind: 'addMatch',
      field: v.fix.add,
      value: v.fix.value,
      label: `add ${v.fix.add}`,
      ...(v.subject ? { before: v.subject } : {}),
    };
  }
  return issue;
}

/** set_field:100->vlan_vid almost always means VLAN 100: offer 4196. */
function vlanFixes(form: RuleForm, issues: FormIssue[]): void {
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
}

/** `this rule: 14 flows · device after apply: 10+14 / 4096 (<1 %)`. */
export function previewLine(t: TcamPreview, intent: Intent): string {
  const change =
    intent === 'modify'
      ? `${t.used}`
      : t.delta === t.flows
        ? `${t.used}+${t.flows}`
        : `${t.used}${t.delta - t.flows < 0 ? '−' : '+'}${Math.abs(t.delta - t.flows)}+${t.flows}`;
  const word = t.level === 'over' ? ' OVER MAXIMUM' : t.level === 'high' ? ' HIGH' : '';
  return `this rule: ${t.flows} ${t.flows === 1 ? 'flow' : 'flows'} · device after apply: ${change} / ${t.maximum} (${t.pctText} %)${word}`;
}

/** The rule the form stands for, as src/tcam's checkRule takes it. */
export function candidateOf(form: RuleForm): Candidate {
  return {
    priority: priorityOf(form),
    match: matchOf(form),
    actions: actionsOf(form),
    name: form.name.text,
    description: form.description.text,
  };
}

/** The check context of the device, for the form's mode (edit: the rule edited). */
export function checkContext(form: RuleForm, device: DeviceView): CheckContext<Rule> {
  return {
    ...device.ctx,
    rules: device.rules,
    used: device.used,
    maximum: device.maximum,
    editing: form.mode === 'edit' ? form.original : null,
    override: form.override,
  };
}

export function analyze(form: RuleForm, device: DeviceView): Analysis {
  const rule = candidateOf(form);
  const check = checkRule(rule, checkContext(form, device));
  const match = rule.match;
  const actions = [...rule.actions];
  const issues = [...rowIssues(form), ...check.issues.map((v) => placed(form, v, match))];
  vlanFixes(form, issues);
  const target = check.target;
  const intent = check.kind;
  const errors = issues.filter((i) => i.severity === 'error');
  let blocked: string | null = null;
  if (errors.length > 0)
    blocked = `${errors.length} ${errors.length === 1 ? 'error' : 'errors'} to fix first`;
  else if (intent === 'modify' && target && !changes(form, target, actions))
    blocked = 'nothing changed';
  return {
    match,
    actions,
    priority: rule.priority,
    issues,
    fixes: issues.flatMap((i) => (i.fix ? [i.fix] : [])),
    tcam: check.tcam,
    shadow: check.shadow,
    intent,
    check,
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
