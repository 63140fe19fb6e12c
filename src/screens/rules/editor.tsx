/**
 * The rule editor overlay: the TCAM preview on top (always visible), the form in the
 * middle (scrolled around the focus when it is taller than the terminal), and below it
 * completions or help for the focused field, the issues, and the keys. All state is in
 * editor-state.ts and analysis.ts; this only draws.
 */
import { sanitize } from '../../model/index.js';
import { formRows } from '../../widgets/forms/rows.js';
import {
  Button,
  Checkbox,
  EditorFooter,
  FieldText,
  IssueLine,
  Marker,
} from '../../widgets/forms/view.js';
import { Panel, Text, truncateText } from '../../widgets/index.js';
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

export function RuleEditor(props: RuleEditorProps) {
  const { form, analysis: a, refused } = props;
  const inner = Math.max(20, props.width - 4);
  const fieldWidth = inner - LABEL - 1;
  const focus = form.focus;
  const overrideShown = a.tcam.level === 'over';
  const layout = formRows();
  const { rows, line } = layout;
  const text = (label: string, target: 'name' | 'description' | 'priority', placeholder?: string) =>
    line(
      target,
      [target],
      <Text wrap="truncate-end">
        <Marker focused={focus === target} />
        {label.padEnd(LABEL - 1)}
        <FieldText
          field={form[target]}
          width={fieldWidth}
          focused={focus === target}
          {...(placeholder ? { placeholder } : {})}
        />
      </Text>,
    );
  text('name', 'name', 'a short name');
  text('description', 'description', 'what the rule is for');
  text('priority', 'priority', '32768');
  const fw = Math.min(12, Math.max(8, Math.floor(fieldWidth / 3)));
  for (const [i, r] of form.match.entries()) {
    const f = `m${r.id}.f`;
    const v = `m${r.id}.v`;
    line(
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
  line(
    'addMatch',
    ['addMatch'],
    <Text>
      {' '.repeat(LABEL)}
      <Button label="+ match field" focused={focus === 'addMatch'} />
    </Text>,
  );
  for (const [i, r] of form.actions.entries()) {
    const t = `a${r.id}`;
    const vlan = vlanHelp(r.text.text.trim());
    const note = vlan ? `  ${vlan}` : '';
    const w = Math.max(10, fieldWidth - 4 - Math.min(note.length, 26));
    line(
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
  line(
    'addAction',
    ['addAction'],
    <Text>
      {' '.repeat(LABEL)}
      <Button label="+ action" focused={focus === 'addAction'} />
    </Text>,
  );
  layout.saveFirst(form.saveFirst, focus);
  if (overrideShown)
    line(
      'override',
      ['override'],
      <Checkbox
        label="apply anyway (past the TCAM maximum)"
        checked={form.override}
        focused={focus === 'override'}
      />,
    );
  layout.buttons(LABEL, focus, a.blocked, refused);

  // Layout: border 2 + title 1, preview 2 (+ traffic 2-3), help 1, keys 1; issues get the rest.
  const traffic = props.traffic ?? null;
  // wrapped or shortened to the width, never cut (impact-fit.ts)
  const trafficRows = traffic ? impactRows(traffic, inner) : [];
  const budget = Math.max(4, props.height - 3 - 4 - trafficRows.length);
  const issues = orderIssues(
    [
      ...a.issues,
      ...(traffic?.warnings ?? []).map((message) => ({ severity: 'warning' as const, message })),
    ],
    focus,
  );
  const issueLines = Math.min(issues.length, Math.max(1, Math.min(6, budget - rows.length)));
  const moreIssues = issues.length > issueLines ? 1 : 0;
  const win = layout.window(focus, budget - issueLines - moreIssues);
  const t = a.tcam;
  const color = t.level === 'over' ? 'red' : t.level === 'high' ? 'yellow' : 'green';
  return (
    <Panel border="round" title={titleOf(form, refused)} width={props.width} height={props.height}>
      <Text color={color} bold wrap="truncate-end">
        TCAM {previewLine(t, a.intent)}
      </Text>
      <Text dimColor wrap="truncate-end">
        {'     '}cost: {t.explain}
        {a.intent === 'modify' ? ' · same match: the TCAM use does not change' : ''}
      </Text>
      {trafficRows.map((l, n) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
          key={n}
          wrap="truncate-end"
          {...(traffic?.warnings.length
            ? { color: n < trafficRows.length - 1 ? 'yellow' : 'red' }
            : {})}
        >
          {l}
        </Text>
      ))}
      {win.shown}
      {win.note ? <Text dimColor>{win.note}</Text> : null}
      <Text color="cyan" wrap="truncate-end">
        {focusHelp(form, props.completions, inner) || ' '}
      </Text>
      {issues.slice(0, issueLines).map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <IssueLine key={n} severity={i.severity} text={i.message} width={inner} />
      ))}
      {moreIssues ? (
        <Text dimColor>
          … {issues.length - issueLines} more (a field's own issues come first when it has the
          focus)
        </Text>
      ) : null}
      <EditorFooter
        {...(props.question ? { question: props.question } : {})}
        {...(refused ? { refused } : {})}
        keys={KEYS}
      />
    </Panel>
  );
}
