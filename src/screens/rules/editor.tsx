/**
 * The rule editor overlay: the TCAM preview on top (always visible), the form in the
 * middle (scrolled around the focus when it is taller than the terminal), and below it
 * completions or help for the focused field, the issues, and the keys. All state is in
 * editor-state.ts and analysis.ts; this only draws.
 */
import { sanitize } from '../../model/index.js';
import { EditorPanel } from '../../widgets/forms/editor-panel.js';
import { formRows } from '../../widgets/forms/rows.js';
import { Button, Checkbox, FieldText, Marker } from '../../widgets/forms/view.js';
import { Text, truncateText } from '../../widgets/index.js';
import { type Analysis, type FormIssue, previewLine } from './analysis.js';
import { fieldHelp, vlanHelp } from './completion.js';
import type { RuleForm } from './editor-state.js';
import type { EditorImpact } from './impact.js';
import { impactRows } from './impact-fit.js';

export interface RuleEditorProps {
  form: RuleForm;
  analysis: Analysis;
  /** What Tab can complete in the focused field. */
  completions: readonly string[];
  /** Why this session cannot apply (read-only, access level). */
  refused: string | null;
  /** A question in place of the keys line (Esc with changes: "discard changes? y/n"). */
  question?: string;
  /** The traffic impact (impact.ts), null while it cannot be computed. */
  traffic?: EditorImpact | null;
  width: number;
  height: number;
}

const LABEL = 13;
const KEYS =
  '^S apply · Esc cancel · Tab next/complete · ^U clear · ⇧Tab/↑ back · Enter add · ^X remove · ^F fix · ^↑/^↓ move action';

function titleOf(form: RuleForm, refused: string | null): string {
  const name = form.original ? ` '${sanitize(form.original.name || '(no name)')}'` : '';
  const what =
    form.mode === 'add'
      ? 'Add rule'
      : form.mode === 'edit'
        ? `Edit rule${name}`
        : `Clone rule${name}`;
  return `${what}${refused ? ' — preview only, cannot apply' : ''}`;
}

/** Issues about the focused field first, then errors, warnings, notes. */
function orderIssues(issues: readonly FormIssue[], focus: string): FormIssue[] {
  const rank = (i: FormIssue) =>
    (i.target === focus ? 0 : 1) * 10 +
    (i.severity === 'error' ? 0 : i.severity === 'warning' ? 1 : 2);
  return [...issues].sort((a, b) => rank(a) - rank(b));
}

export function focusHelp(form: RuleForm, completions: readonly string[], inner: number): string {
  const f = form.focus;
  const m = /^m(\d+)\.([fv])$/.exec(f);
  const row = m ? form.match.find((r) => r.id === Number(m[1])) : undefined;
  const a = /^a(\d+)$/.exec(f);
  const action = a ? form.actions.find((r) => r.id === Number(a[1])) : undefined;
  const text = row ? (m![2] === 'f' ? row.field.text : row.value.text) : (action?.text.text ?? '');
  const fitting = completions.filter((c) => c.startsWith(text) && c !== text);
  const cut = text.lastIndexOf(',') + 1;
  if (fitting.length > 0)
    return truncateText(`Tab: ${fitting.map((c) => c.slice(cut)).join('  ')}`, inner).text;
  if (row)
    return fieldHelp(
      m![2] === 'f' ? 'field' : 'value',
      row.field.text.trim(),
      row.field.text.trim(),
    );
  if (action) return fieldHelp('action', action.text.text.trim());
  if (f === 'priority')
    return form.priorityKept
      ? 'priority 0..65535, higher tried first · typing replaces it · ^U clears'
      : 'priority 0..65535, higher tried first · empty = 32768 · ^U clears';
  if (f === 'name' || f === 'description') return `${f} · ^U clears the field`;
  if (f === 'addMatch') return 'Enter adds a match field';
  if (f === 'addAction') return 'Enter adds an action; actions run in order';
  if (f === 'saveFirst')
    return 'Space/Enter: take a rule save-point (current rules and groups) before sending';
  if (f === 'override')
    return 'Space/Enter: send even though the TCAM would pass its reported maximum';
  return '';
}

type Layout = ReturnType<typeof formRows>;

/** name, description and priority: one text field each. */
function textRows(layout: Layout, form: RuleForm, fieldWidth: number) {
  const focus = form.focus;
  const text = (label: string, target: 'name' | 'description' | 'priority', placeholder: string) =>
    layout.line(
      target,
      [target],
      <Text wrap="truncate-end">
        <Marker focused={focus === target} />
        {label.padEnd(LABEL - 1)}
        <FieldText
          field={form[target]}
          width={fieldWidth}
          focused={focus === target}
          placeholder={placeholder}
        />
      </Text>,
    );
  text('name', 'name', 'a short name');
  text('description', 'description', 'what the rule is for');
  text('priority', 'priority', '32768');
}

/** The match rows (`field = value`), then their `+ match field` button. */
function matchRows(layout: Layout, form: RuleForm, fieldWidth: number) {
  const focus = form.focus;
  const fw = Math.min(12, Math.max(8, Math.floor(fieldWidth / 3)));
  for (const [i, r] of form.match.entries()) {
    const f = `m${r.id}.f`;
    const v = `m${r.id}.v`;
    layout.line(
      f,
      [f, v],
      <Text wrap="truncate-end">
        <Marker focused={focus === f || focus === v} />
        {(i === 0 ? 'match' : '').padEnd(LABEL - 1)}
        <FieldText field={r.field} width={fw} focused={focus === f} placeholder="field" />
        {' = '}
        <FieldText field={r.value} width={fieldWidth - fw - 3} focused={focus === v} />
      </Text>,
    );
  }
  addButton(layout, 'addMatch', '+ match field', focus);
}

function addButton(layout: Layout, target: string, label: string, focus: string) {
  layout.line(
    target,
    [target],
    <Text>
      {' '.repeat(LABEL)}
      <Button label={label} focused={focus === target} />
    </Text>,
  );
}

/** The numbered action rows (a VLAN note beside them), then their `+ action` button. */
function actionRows(layout: Layout, form: RuleForm, fieldWidth: number) {
  const focus = form.focus;
  for (const [i, r] of form.actions.entries()) {
    const t = `a${r.id}`;
    const vlan = vlanHelp(r.text.text.trim());
    const note = vlan ? `  ${vlan}` : '';
    const w = Math.max(10, fieldWidth - 4 - Math.min(note.length, 26));
    layout.line(
      t,
      [t],
      <Text wrap="truncate-end">
        <Marker focused={focus === t} />
        {(i === 0 ? 'actions' : '').padEnd(LABEL - 1)}
        {`${i + 1}.`.padEnd(4)}
        <FieldText
          field={r.text}
          width={w}
          focused={focus === t}
          placeholder={i === 0 ? 'e.g. output:10' : ''}
        />
        <Text dimColor>{note}</Text>
      </Text>,
    );
  }
  addButton(layout, 'addAction', '+ action', focus);
}

/** The form's lines: fields, match, actions, save-point, override (past the maximum), buttons. */
function ruleRows(props: RuleEditorProps, fieldWidth: number): Layout {
  const { form, analysis: a } = props;
  const layout = formRows();
  textRows(layout, form, fieldWidth);
  matchRows(layout, form, fieldWidth);
  actionRows(layout, form, fieldWidth);
  layout.saveFirst(form.saveFirst, form.focus);
  if (a.tcam.level === 'over')
    layout.line(
      'override',
      ['override'],
      <Checkbox
        label="apply anyway (past the TCAM maximum)"
        checked={form.override}
        focused={form.focus === 'override'}
      />,
    );
  layout.buttons(LABEL, form.focus, a.blocked, props.refused);
  return layout;
}

/** Above the form: the TCAM preview, its cost, and the traffic impact (wrapped, never cut). */
function ruleHead(a: Analysis, traffic: EditorImpact | null, inner: number) {
  const t = a.tcam;
  const color = t.level === 'over' ? 'red' : t.level === 'high' ? 'yellow' : 'green';
  const rows = traffic ? impactRows(traffic, inner) : [];
  const warned = (n: number) =>
    traffic?.warnings.length ? { color: n < rows.length - 1 ? 'yellow' : 'red' } : {};
  return [
    <Text key="tcam" color={color} bold wrap="truncate-end">
      TCAM {previewLine(t, a.intent)}
    </Text>,
    <Text key="cost" dimColor wrap="truncate-end">
      {'     '}cost: {t.explain}
      {a.intent === 'modify' ? ' · same match: the TCAM use does not change' : ''}
    </Text>,
    ...rows.map((l, n) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
      <Text key={`t${n}`} wrap="truncate-end" {...warned(n)}>
        {l}
      </Text>
    )),
  ];
}

export function RuleEditor(props: RuleEditorProps) {
  const { form, analysis: a, refused } = props;
  const inner = Math.max(20, props.width - 4);
  const traffic = props.traffic ?? null;
  const issues = orderIssues(
    [
      ...a.issues,
      ...(traffic?.warnings ?? []).map((message) => ({ severity: 'warning' as const, message })),
    ],
    form.focus,
  );
  return (
    <EditorPanel
      title={titleOf(form, refused)}
      head={ruleHead(a, traffic, inner)}
      layout={ruleRows(props, inner - LABEL - 1)}
      focus={form.focus}
      help={focusHelp(form, props.completions, inner)}
      issues={issues}
      maxIssues={6}
      moreNote={(left) => `… ${left} more (a field's own issues come first when it has the focus)`}
      question={props.question}
      refused={refused}
      keys={KEYS}
      width={props.width}
      height={props.height}
    />
  );
}
