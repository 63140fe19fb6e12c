/** The group editor overlay: the call that will be made and its impact on top, then the form. */
import { sanitize } from '../../model/index.js';
import { EditorPanel } from '../../widgets/forms/editor-panel.js';
import { formRows } from '../../widgets/forms/rows.js';
import { Button, FieldText, Marker } from '../../widgets/forms/view.js';
import { Text, truncateText } from '../../widgets/index.js';
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

type Layout = ReturnType<typeof formRows>;

const label = (text: string, focused: boolean) => (
  <>
    <Marker focused={focused} />
    {text.padEnd(LABEL - 1)}
  </>
);

/** The group id (typed when adding, fixed when editing), its type and description. */
function headRows(layout: Layout, form: GroupForm, fieldWidth: number) {
  const focus = form.focus;
  layout.line(
    'id',
    form.mode === 'add' ? ['id'] : [],
    form.mode === 'add' ? (
      <Text wrap="truncate-end">
        {label('group id', focus === 'id')}
        <FieldText field={form.id} width={12} focused={focus === 'id'} />
      </Text>
    ) : (
      <Text>
        {label('group id', false)}
        {form.id.text} (fixed: the id identifies the group)
      </Text>
    ),
  );
  layout.line(
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
  layout.line(
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
}

/** The watched port's name beside its number ('none', '?' for no such port). */
function portNote(ports: readonly DevicePort[], watch: string): string {
  const port = ports.find((p) => String(p.no) === watch.trim());
  if (port) return `${sanitize(port.name)}${port.shutdown ? ' shut' : ''}`;
  return watch.trim() === '' ? 'none' : '?';
}

/** One line per bucket (watch port, actions), then the `+ bucket` button. */
function bucketRows(layout: Layout, props: GroupEditorProps, fieldWidth: number) {
  const { form } = props;
  const focus = form.focus;
  for (const [i, b] of form.buckets.entries()) {
    const w = `b${b.id}.w`;
    const act = `b${b.id}.a`;
    layout.line(
      w,
      [w, act],
      <Text wrap="truncate-end">
        {label(`bucket ${i + 1}`, focus === w || focus === act)}
        {'watch '}
        <FieldText field={b.watch} width={4} focused={focus === w} />
        <Text dimColor>{` ${portNote(props.ports, b.watch.text)}`.padEnd(13).slice(0, 13)}</Text>
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
  layout.line(
    'addBucket',
    ['addBucket'],
    <Text>
      {' '.repeat(LABEL)}
      <Button label={`+ bucket (${form.buckets.length}/16)`} focused={focus === 'addBucket'} />
    </Text>,
  );
}

/** The form's lines: id, type, description, buckets, the call (an existing group), buttons. */
function groupRows(props: GroupEditorProps, fieldWidth: number): Layout {
  const { form, analysis: a } = props;
  const layout = formRows();
  headRows(layout, form, fieldWidth);
  bucketRows(layout, props, fieldWidth);
  if (a.exists)
    layout.line(
      'call',
      ['call'],
      <Text wrap="truncate-end">
        {label('call', form.focus === 'call')}
        <Text inverse={form.focus === 'call'}>
          ◂{' '}
          {a.call === 'PUT'
            ? 'PUT: modify in place, keep its rules'
            : 'POST: replace, the device deletes its rules'}{' '}
          ▸
        </Text>
      </Text>,
    );
  layout.saveFirst(form.saveFirst, form.focus);
  layout.buttons(LABEL, form.focus, a.blocked, props.refused);
  return layout;
}

/** Above the form: the call, up to three rules it deletes, and the traffic impact. */
function groupHead(a: GroupAnalysis, traffic: GroupEditorProps['traffic'], inner: number) {
  const call = callLine(a);
  const impact = a.impact.map((r) => `  ✖ ${ruleLine(r)}`);
  const shown = Math.min(impact.length, 3);
  const warned = (color: string) => (traffic?.warnings.length ? { color } : {});
  return [
    <Text key="call" bold color={call.color} wrap="truncate-end">
      {call.text}
    </Text>,
    ...impact.slice(0, shown).map((l, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
      <Text key={`i${i}`} color="red" wrap="truncate-end">
        {truncateText(sanitize(l), inner).text}
      </Text>
    )),
    ...(impact.length > shown
      ? [<Text key="more" color="red">{`  … and ${impact.length - shown} more rules`}</Text>]
      : []),
    ...(traffic
      ? [
          <Text key="sum" wrap="truncate-end" {...warned('yellow')}>
            {sanitize(traffic.summary)}
          </Text>,
          <Text key="ports" wrap="truncate-end" {...warned('red')}>
            {'     '}
            {sanitize(traffic.ports || 'no port changes')}
          </Text>,
        ]
      : []),
  ];
}

/** What Tab completes: only the part being completed (the last action of the comma list). */
function completionHelp(form: GroupForm, completions: readonly string[]): string {
  const focused = form.buckets.find((b) => form.focus === `b${b.id}.a`);
  const cut = focused ? focused.actions.text.lastIndexOf(',') + 1 : 0;
  return completions.length > 0 ? `Tab: ${completions.map((c) => c.slice(cut)).join('  ')}` : '';
}

export function GroupEditor(props: GroupEditorProps) {
  const { form, analysis: a, refused } = props;
  const inner = Math.max(20, props.width - 4);
  const traffic = props.traffic ?? null;
  const issues: FormIssue[] = [
    ...a.issues,
    ...(traffic?.warnings ?? []).map((message): FormIssue => ({ severity: 'warning', message })),
  ].sort((x, y) => (x.target === form.focus ? 0 : 1) - (y.target === form.focus ? 0 : 1));
  const what = form.mode === 'add' ? 'Add group' : `Edit group ${form.id.text}`;
  return (
    <EditorPanel
      title={`${what}${refused ? ' — preview only, cannot apply' : ''}`}
      head={groupHead(a, traffic, inner)}
      layout={groupRows(props, inner - LABEL - 1)}
      focus={form.focus}
      help={completionHelp(form, props.completions)}
      issues={issues}
      maxIssues={4}
      question={props.question}
      refused={refused}
      keys={KEYS}
      width={props.width}
      height={props.height}
    />
  );
}
