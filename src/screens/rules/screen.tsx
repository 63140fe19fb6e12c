/**
 * 3 Rules: the active rules, virtualized, with TCAM usage on top; Enter for details;
 * a/e/c open the rule editor; d, D and z delete, delete all and reset counters after a
 * confirmation. While the editor or a confirmation is open every key goes to it.
 */
import { Box } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import type { Rule } from '../../model/index.js';
import { useConsoleState, usePortRates } from '../../store/react.js';
import {
  applyBlocked,
  DISCARD_QUESTION,
  editorStep,
  keepRefused,
  rebuildFromForm,
  useFormRef,
  warningLines,
  withRefusal,
} from '../../widgets/forms/editor-form.js';
import { Gauge, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useDeviceView, useWriteRefusal } from '../device-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { sameName, usePick } from '../pick.js';
import { StaleMark } from '../stale-mark.js';
import { valuesFromMatch } from '../trace/form.js';
import { traceHeight, useTrace } from '../trace/use-trace.js';
import { useTrafficView } from '../traffic-view.js';
import type { ScreenProps } from '../types.js';
import { useChange } from '../use-change.js';
import { useHScroll } from '../use-hscroll.js';
import { analyze } from './analysis.js';
import { planDelete, planDeleteAll, planResetCounters, planRule } from './apply.js';
import { detailPairs, detailShown, detailValueWidth, RuleDetail } from './detail.js';
import { RuleEditor } from './editor.js';
import {
  completionsAt,
  type EditorMode,
  editorKey,
  newRuleForm,
  type RuleForm,
  refusalTarget,
} from './editor-state.js';
import { deleteImpact, editorImpact, impactLines } from './impact.js';
import { usePredictionCheck } from './impact-check.js';
import { useRuleTable } from './rows.js';
import { filterRows, RULE_SORTS, ruleColumns, ruleKeyText, searchIndex } from './table.js';

const COLUMNS = ruleColumns();
const RULES = ['rules'] as const;

/** One line: why a malformed rule (see RuleKey.malformed) is not edited or deleted. */
export const malformedRefusal = (rule: Rule, what: string) =>
  `cannot ${what} '${rule.name || '(no name)'}': malformed (${rule.malformed}) — the device did not say exactly which rule it is, so pbc sends nothing for it`;

/** A cookie typed in decimal or 0x hex, compared exactly (64 bits). */
export function cookieIs(cookie: unknown, want: string): boolean {
  const w = want.trim();
  if (!/^(\d+|0x[0-9a-f]+)$/i.test(w)) return false;
  try {
    return BigInt(String(cookie)) === BigInt(w);
  } catch {
    return false;
  }
}

export function RulesScreen(props: ScreenProps) {
  const list = useConsoleState((s) => s.resources.rules.data);
  const loadError = useConsoleState((s) => s.resources.rules.error?.message);
  const device = useDeviceView();
  const refused = useWriteRefusal();
  const change = useChange(refused, props.notify);
  const [sort, setSort] = useState({ index: 0, reversed: false });
  const [detail, setDetail] = useState<string | null>(null);
  const formRef = useFormRef<RuleForm>();
  const setForm = formRef.set;
  const form = formRef.current();

  const { all, sorted } = useRuleTable(list, sort);
  const rows = useMemo(() => filterRows(sorted, props.filter), [sorted, props.filter]);
  // build the filter's search index between polls, not on the first `/` keystroke
  useEffect(() => {
    const t = setTimeout(() => searchIndex(sorted), 50);
    return () => clearTimeout(t);
  }, [sorted]);
  // the traffic impact beside the TCAM preview, and predicted vs measured after apply
  const traffic = useTrafficView(usePortRates());
  const prediction = usePredictionCheck(traffic, props.notify);
  const trace = useTrace({
    notify: props.notify,
    // the winning rule is selected in the table
    onResult: ({ trace: t }) => {
      if (!t.rule) return;
      const won = t.rule;
      const at = rows.findIndex(
        (r) => r.rule === won || (r.rule.cookie === won.cookie && r.rule.priority === won.priority),
      );
      if (at >= 0) listView.set(at);
      else props.notify(`the winning rule '${won.name}' is hidden by the filter`);
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
  const analysis = useMemo(() => (form ? analyze(form, device) : null), [form, device]);
  const impact = useMemo(
    () => (analysis ? editorImpact(analysis, traffic) : null),
    [analysis, traffic],
  );

  const selected = (): Rule | undefined =>
    detail !== null ? all.find((r) => r.key === detail)?.rule : rows[view.selected]?.rule;

  const openEditor = (mode: EditorMode, rule: Rule | null) => {
    if (mode !== 'add' && !rule) return props.notify('no rule selected');
    if (mode === 'edit' && rule?.malformed) return props.notify(malformedRefusal(rule, 'edit'));
    setForm(newRuleForm(mode, rule));
    prediction.clear();
  };

  const apply = (f: RuleForm) => {
    const a = analyze(f, device);
    if (applyBlocked(f, a, setForm, props.notify)) return;
    const build = (saveFirst: boolean) => planRule({ ...f, saveFirst }, a, device, new Date());
    const plan = build(f.saveFirst);
    if (!plan) return;
    const traffic1 = f === form ? impact : editorImpact(a, traffic);
    change.open(plan, {
      saveFirst: f.saveFirst,
      rebuild: rebuildFromForm(formRef, (save) => build(save)!),
      impact: [
        ...warningLines(a.issues),
        ...(traffic1?.warnings ?? []).map((w) => `! ${w}`),
        ...impactLines(traffic1),
      ],
      onCancel: () => undefined,
      onClose: (result) => {
        // success closes the editor; a refusal goes back to it, as typed, to fix the rule
        if (result?.ok) {
          setForm(null);
          prediction.expect(`'${f.name.text || '(no name)'}'`, traffic1);
        } else if (result) keepRefused(formRef, result.lines, refusalTarget);
      },
    });
  };

  // the confirmation and the editor (a form) read raw keys while open
  props.keys.reading = () => change.isOpen || trace.formOpen || formRef.current() != null;
  props.keys.current = (key) => {
    if (change.isOpen) return change.key(key);
    if (trace.formOpen) return trace.key(key);
    const f = formRef.current();
    if (!f) return false;
    const a = f === form && analysis ? analysis : analyze(f, device);
    const ctx = {
      commands: props.keys.command,
      env: device.env,
      fixes: a.fixes,
      overrideShown: a.tcam.level === 'over',
    };
    return editorStep(formRef, key, () => editorKey(f, key, ctx), props.notify, apply);
  };
  const closeDetail = () => setDetail(null);
  // the detail's long matches and actions: ←/→ scroll its values sideways
  const detailRule = detail !== null ? selected() : undefined;
  const pairs = useMemo(
    () => (detailRule ? detailPairs(detailRule, device.rules) : []),
    [detailRule, device.rules],
  );
  const values = detailShown(pairs, props.height).map(([, v]) => String(v ?? ''));
  const wide = useHScroll(detail ?? '', values, detailValueWidth(props.width));
  useCommands(props.commands, {
    'rules.add': () => openEditor('add', null),
    'rules.edit': () => openEditor('edit', selected() ?? null),
    'rules.clone': () => openEditor('clone', selected() ?? null),
    'rules.delete': () => {
      const rule = selected();
      change.write('delete', () => {
        if (!rule) return props.notify('no rule selected');
        if (rule.malformed) return props.notify(malformedRefusal(rule, 'delete'));
        const falls = deleteImpact(rule, traffic);
        change.open(planDelete(rule, false, new Date()), {
          saveFirst: false,
          rebuild: (save) => planDelete(rule, save, new Date()),
          impact: [...(falls?.warnings ?? []).map((w) => `! ${w}`), ...impactLines(falls)],
          onClose: (r) => {
            if (!r?.ok) return;
            setDetail(null);
            prediction.expect(`deleting '${rule.name || '(no name)'}'`, falls);
          },
        });
      });
    },
    'rules.deleteAll': () =>
      change.write('delete all', () => {
        const rules = list?.rules ?? [];
        if (rules.length === 0) return props.notify('there are no rules to delete');
        change.open(planDeleteAll(rules, true, new Date()), {
          saveFirst: true,
          rebuild: (save) => planDeleteAll(rules, save, new Date()),
          onClose: (r) => r?.ok && setDetail(null),
        });
      }),
    'rules.counters': () =>
      change.write('reset counters', () => change.open(planResetCounters(list?.rules.length ?? 0))),
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

  if (change.isOpen) return change.view(props.width, props.height);
  if (trace.formOpen) return trace.formView(props.width, props.height);
  if (form && analysis)
    return (
      <RuleEditor
        form={form}
        analysis={withRefusal(analysis, formRef.refusal())}
        {...(formRef.asking() ? { question: DISCARD_QUESTION } : {})}
        completions={completionsAt(form, device.env)}
        refused={refused}
        traffic={impact}
        width={props.width}
        height={props.height}
      />
    );
  if (detail !== null)
    return (
      <RuleDetail
        rule={detailRule}
        pairs={pairs}
        view={wide.view}
        width={props.width}
        height={props.height}
      />
    );
  const used = device.used;
  const max = device.maximum;
  const gaugeWidth = Math.min(48, Math.floor(props.width / 2));
  const shown = props.filter
    ? `${rows.length} of ${all.length} rules match '${props.filter}'`
    : `${all.length} ${all.length === 1 ? 'rule' : 'rules'}`;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Box width={props.width}>
        <Gauge used={used} max={max} width={gaugeWidth} label={`TCAM ${used}/${max}`} />
        <Text wrap="truncate-end">
          {' · '}
          {shown}
          <StaleMark from={RULES} label="counters stale" />
          {refused ? ` · read-only: ${refused}` : ''}
        </Text>
      </Box>
      {prediction.text ? (
        <Text wrap="truncate-end" color="cyan">
          {prediction.text}
        </Text>
      ) : null}
      {list === undefined ? (
        <Text>{loadError ? `Cannot read the rules: ${loadError}` : 'Loading rules…'}</Text>
      ) : (
        <Table
          columns={COLUMNS}
          rows={rows}
          width={props.width}
          height={props.height - 1 - panel - (prediction.text ? 1 : 0)}
          selected={view.selected}
          offset={view.offset}
          sortKey={RULE_SORTS[sort.index]!.key}
          sortDesc={RULE_SORTS[sort.index]!.desc !== sort.reversed}
          emptyText={
            props.filter ? `no rule matches '${props.filter}'` : 'no rules — press a to add one'
          }
          rowKey={(r) => r.key}
        />
      )}
      {trace.resultView(props.width, panel)}
    </Box>
  );
}
