/**
 * 3 Rules: the active rules, virtualized, with TCAM usage on top; Enter for details;
 * a/e/c open the rule editor; d, D and z delete, delete all and reset counters after a
 * confirmation. While the editor or a confirmation is open every key goes to it.
 * The editor: use-rule-editor.ts; the list writes: writes.ts; the list: list-view.tsx.
 */
import { useState } from 'react';
import type { Rule } from '../../model/index.js';
import { useConsoleState } from '../../store/react.js';
import { navCommands, useCommands } from '../commands.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { changeLayer, layer, useKeyLayers } from '../key-layers.js';
import { sameName, usePick } from '../pick.js';
import { valuesFromMatch } from '../trace/form.js';
import { traceHeight, useTrace } from '../trace/use-trace.js';
import type { ScreenProps } from '../types.js';
import { RuleDetail } from './detail.js';
import { editorProps, useEditSession } from './edit-session.js';
import { RuleEditor } from './editor.js';
import { completionsAt, type RuleForm } from './editor-state.js';
import { RuleListView } from './list-view.js';
import { useShownRules } from './rows.js';
import { cookieIs, RULE_SORTS, ruleKeyText, winnerAt } from './table.js';
import { useRuleDetail } from './use-detail.js';
import { useRuleEditor } from './use-rule-editor.js';
import { ruleWrites } from './writes.js';

export function RulesScreen(props: ScreenProps) {
  const list = useConsoleState((s) => s.resources.rules.data);
  const loadError = useConsoleState((s) => s.resources.rules.error?.message);
  const session = useEditSession<RuleForm>(props.notify);
  const { device, refused, change, prediction } = session;
  const editor = useRuleEditor(session, props.notify);
  const [sort, setSort] = useState({ index: 0, reversed: false });
  const [detail, setDetail] = useState<string | null>(null);

  const { all, rows } = useShownRules(list, sort, props.filter);
  const trace = useTrace({
    notify: props.notify,
    // the winning rule is selected in the table
    onResult: ({ trace: t }) => {
      if (!t.rule) return;
      const at = winnerAt(rows, t.rule);
      if (at >= 0) listView.set(at);
      else props.notify(`the winning rule '${t.rule.name}' is hidden by the filter`);
    },
  });
  const panel = traceHeight(trace.result, [], Math.floor((props.height - 2) / 2));
  const listView = useKeyedList(
    rows,
    (r) => r.key,
    props.height - 2 - panel - (prediction.text ? 1 : 0),
    { filter: props.filter },
  );
  const view = listView.state;
  // `:rule NAME|COOKIE`, Enter on the Overview: that rule selected, its details open
  usePick(
    props.pick,
    list === undefined ? undefined : rows,
    (r, want) => sameName(r.rule.name, want) || cookieIs(r.rule.cookie, want),
    (i, r) => {
      listView.set(i);
      setDetail(ruleKeyText(r.rule));
    },
    (want) => props.notify(`no rule named '${want}' or with that cookie`),
    ['rules'],
  );

  const selected = (): Rule | undefined =>
    detail !== null ? all.find((r) => r.key === detail)?.rule : rows[view.selected]?.rule;

  // the confirmation and the editor (a form) read raw keys while open
  useKeyLayers(props.keys, [
    changeLayer(change),
    layer(() => trace.formOpen, trace.key),
    layer(() => session.formRef.current() != null, editor.key),
  ]);
  const closeDetail = () => setDetail(null);
  const detailRule = detail !== null ? selected() : undefined;
  const { pairs, wide } = useRuleDetail(
    detail,
    detailRule,
    device.rules,
    props.width,
    props.height,
  );
  useCommands(props.commands, {
    'rules.add': () => editor.open('add', null),
    'rules.edit': () => editor.open('edit', selected() ?? null),
    'rules.clone': () => editor.open('clone', selected() ?? null),
    ...ruleWrites({
      session,
      rules: list?.rules ?? [],
      selected,
      closeDetail,
      notify: props.notify,
    }),
    'rules.trace': () =>
      trace.result ? trace.reopen() : trace.open(valuesFromMatch(selected()?.match ?? {})),
    ...(detail !== null
      ? { ...wide.commands, 'app.cancel': closeDetail, 'rules.detail': closeDetail }
      : {
          ...navCommands(listView.go),
          'rules.sort': () =>
            setSort((s) => ({ index: (s.index + 1) % RULE_SORTS.length, reversed: false })),
          'rules.reverse': () => setSort((s) => ({ ...s, reversed: !s.reversed })),
          ...(trace.result ? { 'app.cancel': trace.close } : {}),
          'rules.detail': () => {
            const rule = selected();
            if (rule) setDetail(ruleKeyText(rule));
          },
        }),
  });

  const { width, height } = props;
  if (change.isOpen) return change.view(width, height);
  if (trace.formOpen) return trace.formView(width, height);
  const editing = editorProps(session, editor, (f) => completionsAt(f, device.env));
  if (editing) return <RuleEditor {...editing} width={width} height={height} />;
  if (detail !== null)
    return (
      <RuleDetail rule={detailRule} pairs={pairs} view={wide.view} width={width} height={height} />
    );
  return (
    <RuleListView
      {...{ list, loadError, all, rows, view, sort, refused, width, height, panel }}
      filter={props.filter}
      used={device.used}
      max={device.maximum}
      prediction={prediction.text}
      trace={trace.resultView(width, panel)}
    />
  );
}
