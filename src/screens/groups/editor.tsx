/** The group editor overlay: the call that will be made and its impact on top, then the form. */
import { sanitize } from '../../model/index.js';
import { formRows } from '../../widgets/forms/rows.js';
import { Button, EditorFooter, FieldText, IssueLine, Marker } from '../../widgets/forms/view.js';
import { Panel, Text, truncateText } from '../../widgets/index.js';
import type { FormIssue } from '../rules/analysis.js';
import type { DevicePort } from '../rules/completion.js';
import type { GroupForm } from './editor-state.js';
import { TYPE_WORDS } from './editor-state.js';
import { type GroupAnalysis, ruleLine } from './model.js';

const LABEL = 13;
const KEYS =
  '^S apply · Esc cancel · Tab next/complete · ⇧Tab/↑ back · ←/→ pick type, port, call · Enter add · ^X remove bucket';

export interface GroupEditorProps {
  form: GroupForm;
  analysis: GroupAnalysis;
  ports: readonly DevicePort[];
  completions: readonly string[];
  refused: string | null;
  /** A question in place of the keys line (Esc with changes: "discard changes? y/n"). */
  question?: string;
  /** The traffic impact of a PUT (traffic-impact.ts). */
  traffic?: { summary: string; ports: string; warnings: string[] } | null;
  width: number;
  height: number;
}

function callLine(a: GroupAnalysis): { text: string; color?: string } {
  if (a.id === null) return { text: 'call: — (give a group id)' };
  if (a.call === 'PUT')
    return {
      text: `call: PUT /groups — modifies group ${a.id} in place; no rule is deleted`,
      color: 'green',
    };
  if (!a.exists)
    return { text: `call: POST /groups — adds group ${a.id}; no rule is deleted`, color: 'green' };
  const n = a.impact.length;
  return {
    text: `call: POST /groups — replaces group ${a.id}; the device DELETES ${n} ${n === 1 ? 'rule' : 'rules'} using it`,
    color: n > 0 ? 'red' : 'yellow',
  };
}

export function GroupEditor(props: GroupEditorProps) {
  const { form, analysis: a, refused } = props;
  const inner = Math.max(20, props.width - 4);
  const fieldWidth = inner - LABEL - 1;
  const focus = form.focus;
  const layout = formRows();
  const { rows, line } = layout;
  const label = (text: string, focused: boolean) => (
    <>
      <Marker focused={focused} />
      {text.padEnd(LABEL - 1)}
    </>
  );
  if (form.mode === 'add')
    line(
      'id',
      ['id'],
      <Text wrap="truncate-end">
        {label('group id', focus === 'id')}
        <FieldText field={form.id} width={12} focused={focus === 'id'} />
      </Text>,
    );
  else
    line(
      'id',
      [],
      <Text>
        {label('group id', false)}
        {form.id.text} (fixed: the id identifies the group)
      </Text>,
    );
  line(
    'type',
    ['type'],
    <Text wrap="truncate-end">
      {label('type', focus === 'type')}
      <Text inverse={focus === 'type'}>
        ◂ {form.type} = {TYPE_WORDS[form.type]} ▸
      </Text>
      <Text dimColor>{'  select: load-balance · ff: fast-failover · all: clone'}</Text>
    </Text>,
  );
  line(
    'description',
    ['description'],
    <Text wrap="truncate-end">
      {label('description', focus === 'description')}
      <FieldText
        field={form.description}
        width={fieldWidth}
        focused={focus === 'description'}
        placeholder="what the group is for"
      />
    </Text>,
  );
  for (const [i, b] of form.buckets.entries()) {
    const w = `b${b.id}.w`;
    const act = `b${b.id}.a`;
    const port = props.ports.find((p) => String(p.no) === b.watch.text.trim());
    const portNote = port
      ? `${sanitize(port.name)}${port.shutdown ? ' shut' : ''}`
      : b.watch.text.trim() === ''
        ? 'none'
        : '?';
    line(
      w,
      [w, act],
      <Text wrap="truncate-end">
        {label(`bucket ${i + 1}`, focus === w || focus === act)}
        {'watch '}
        <FieldText field={b.watch} width={4} focused={focus === w} />
        <Text dimColor>{` ${portNote}`.padEnd(13).slice(0, 13)}</Text>
        {'actions '}
        <FieldText
          field={b.actions}
          width={Math.max(10, fieldWidth - 6 - 4 - 13 - 8)}
          focused={focus === act}
          placeholder="e.g. output:9"
        />
      </Text>,
    );
  }
  line(
    'addBucket',
    ['addBucket'],
    <Text>
      {' '.repeat(LABEL)}
      <Button label={`+ bucket (${form.buckets.length}/16)`} focused={focus === 'addBucket'} />
    </Text>,
  );
  if (a.exists)
    line(
      'call',
      ['call'],
      <Text wrap="truncate-end">
        {label('call', focus === 'call')}
        <Text inverse={focus === 'call'}>
          ◂{' '}
          {a.call === 'PUT'
            ? 'PUT: modify in place, keep its rules'
            : 'POST: replace, the device deletes its rules'}{' '}
          ▸
        </Text>
      </Text>,
    );
  layout.saveFirst(form.saveFirst, focus);
  layout.buttons(LABEL, focus, a.blocked, refused);

  const impact = a.impact.map((r) => `  ✖ ${ruleLine(r)}`);
  // border 2 + title 1, call 1 (+ traffic 2), help 1, keys 1
  const traffic = props.traffic ?? null;
  const budget = Math.max(4, props.height - 3 - 3 - (traffic ? 2 : 0));
  const issues: FormIssue[] = [
    ...a.issues,
    ...(traffic?.warnings ?? []).map((message): FormIssue => ({ severity: 'warning', message })),
  ].sort((x, y) => (x.target === focus ? 0 : 1) - (y.target === focus ? 0 : 1));
  const impactLines = Math.min(impact.length, 3);
  const moreImpact = impact.length > impactLines ? 1 : 0;
  const issueLines = Math.min(
    issues.length,
    Math.max(1, Math.min(4, budget - rows.length - impactLines - moreImpact)),
  );
  const win = layout.window(focus, budget - issueLines - impactLines - moreImpact);
  const call = callLine(a);
  // show only the part being completed (the last action of the comma list)
  const focused = form.buckets.find((b) => focus === `b${b.id}.a`);
  const cut = focused ? focused.actions.text.lastIndexOf(',') + 1 : 0;
  const help =
    props.completions.length > 0
      ? `Tab: ${props.completions.map((c) => c.slice(cut)).join('  ')}`
      : '';
  return (
    <Panel
      border="round"
      title={`${form.mode === 'add' ? 'Add group' : `Edit group ${form.id.text}`}${refused ? ' — preview only, cannot apply' : ''}`}
      width={props.width}
      height={props.height}
    >
      <Text bold color={call.color} wrap="truncate-end">
        {call.text}
      </Text>
      {impact.slice(0, impactLines).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <Text key={i} color="red" wrap="truncate-end">
          {truncateText(sanitize(l), inner).text}
        </Text>
      ))}
      {moreImpact ? (
        <Text color="red">{`  … and ${impact.length - impactLines} more rules`}</Text>
      ) : null}
      {traffic ? (
        <>
          <Text wrap="truncate-end" {...(traffic.warnings.length ? { color: 'yellow' } : {})}>
            {sanitize(traffic.summary)}
          </Text>
          <Text wrap="truncate-end" {...(traffic.warnings.length ? { color: 'red' } : {})}>
            {'     '}
            {sanitize(traffic.ports || 'no port changes')}
          </Text>
        </>
      ) : null}
      {win.shown}
      {win.note ? <Text dimColor>{win.note}</Text> : null}
      <Text color="cyan" wrap="truncate-end">
        {truncateText(help, inner).text || ' '}
      </Text>
      {issues.slice(0, issueLines).map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <IssueLine key={n} severity={i.severity} text={i.message} width={inner} />
      ))}
      <EditorFooter
        {...(props.question ? { question: props.question } : {})}
        {...(refused ? { refused } : {})}
        keys={KEYS}
      />
    </Panel>
  );
}
