/**
 * 4 Groups: id, type in words, buckets and the rules that use each group; Enter for
 * details; a/e open the bucket editor; d and D delete after a confirmation that lists the
 * rules the device will delete with them.
 */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import type { Group, Rule } from '../../model/index.js';
import { useConsoleState, usePortRates } from '../../store/react.js';
import { groupDeleteRefusal } from '../../tcam/index.js';
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
import { type Column, KeyValue, type KeyValuePair, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useDeviceView, useWriteRefusal } from '../device-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { usePick } from '../pick.js';
import { usePredictionCheck } from '../rules/impact-check.js';
import { useTrafficView } from '../traffic-view.js';
import type { ScreenProps } from '../types.js';
import { useChange } from '../use-change.js';
import { GroupEditor } from './editor.js';
import {
  completionsAt,
  type GroupForm,
  groupKey,
  newGroupForm,
  refusalTarget,
  TYPE_WORDS,
} from './editor-state.js';
import {
  analyzeGroup,
  impactLines,
  planGroup,
  planGroupDelete,
  planGroupDeleteAll,
  ruleLine,
  usageIndex,
} from './model.js';
import { groupEditorImpact } from './traffic-impact.js';

interface GroupRow {
  group: Group;
  users: Rule[];
  buckets: string;
  search: string;
}

const bucketText = (g: Group) =>
  g.buckets
    .map((b) => `${b.watch_port ? `w${b.watch_port} ` : ''}${b.actions.join(',')}`)
    .join(' | ');

const COLUMNS: Column<GroupRow>[] = [
  {
    key: 'id',
    title: 'ID',
    width: 6,
    align: 'right',
    priority: 100,
    render: (r) => String(r.group.group_id),
  },
  { key: 'type', title: 'TYPE', width: 13, priority: 90, render: (r) => TYPE_WORDS[r.group.type] },
  {
    key: 'buckets',
    title: 'BUCKETS (watch port → actions)',
    width: 30,
    min: 14,
    flex: true,
    priority: 80,
    render: (r) => `${r.group.buckets.length}: ${r.buckets}`,
  },
  {
    key: 'users',
    title: 'USED BY',
    width: 22,
    min: 8,
    flex: true,
    priority: 85,
    render: (r) =>
      r.users.length === 0
        ? 'no rule'
        : `${r.users.length}: ${r.users.map((u) => u.name || '?').join(', ')}`,
  },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 16,
    min: 8,
    // a wide terminal shows the whole text, not 'Copy to both ID…' beside empty columns
    flex: true,
    priority: 30,
    render: (r) => r.group.description,
  },
];

function detailPairs(
  row: GroupRow,
  ports: ReadonlyMap<number, { name?: string; shutdown: boolean }> | undefined,
): KeyValuePair[] {
  const g = row.group;
  const pairs: KeyValuePair[] = [
    ['group id', String(g.group_id)],
    ['type', `${TYPE_WORDS[g.type]} (${g.type})`],
    ['description', g.description],
  ];
  for (const [i, b] of g.buckets.entries()) {
    const p = b.watch_port ? ports?.get(Number(b.watch_port)) : undefined;
    const watch = b.watch_port
      ? `watch ${b.watch_port}${p ? ` (${p.name ?? ''}${p.shutdown ? ', shut down' : ''})` : ''}`
      : 'no watch port';
    pairs.push([i === 0 ? 'buckets' : '', `${i + 1}. ${watch} → ${b.actions.join(',')}`]);
  }
  if (row.users.length === 0) pairs.push(['used by', 'no rule']);
  for (const [i, r] of row.users.entries()) pairs.push([i === 0 ? 'used by' : '', ruleLine(r)]);
  return pairs;
}

export function GroupsScreen(props: ScreenProps) {
  const groups = useConsoleState((s) => s.resources.groups.data);
  const loadError = useConsoleState((s) => s.resources.groups.error?.message);
  const device = useDeviceView();
  const refused = useWriteRefusal();
  const change = useChange(refused, props.notify);
  const [detail, setDetail] = useState<number | null>(null);
  const formRef = useFormRef<GroupForm>();
  const setForm = formRef.set;
  const form = formRef.current();

  const usage = useMemo(() => usageIndex(device.rules), [device.rules]);
  const all = useMemo(
    () =>
      [...(groups ?? [])]
        .sort((a, b) => a.group_id - b.group_id)
        .map((g): GroupRow => {
          const users = usage.get(g.group_id) ?? [];
          const buckets = bucketText(g);
          return {
            group: g,
            users,
            buckets,
            search:
              `${g.group_id} ${g.type} ${TYPE_WORDS[g.type]} ${buckets} ${g.description} ${users.map((u) => u.name).join(' ')}`.toLowerCase(),
          };
        }),
    [groups, usage],
  );
  const f = props.filter.trim().toLowerCase();
  const rows = useMemo(() => (f ? all.filter((r) => r.search.includes(f)) : all), [all, f]);
  // the traffic impact of a PUT: the rules using the group follow its new buckets
  const traffic = useTrafficView(usePortRates());
  // predicted vs measured, two polls after a bucket change is applied (as on Rules)
  const prediction = usePredictionCheck(traffic, props.notify);
  const list = useKeyedList(
    rows,
    (r) => String(r.group.group_id),
    props.height - 2 - (prediction.text ? 1 : 0),
    { filter: props.filter },
  );
  const view = list.state;
  // `:group 40`: that group selected, its details open
  usePick(
    props.pick,
    groups === undefined ? undefined : rows,
    (r, want) => String(r.group.group_id) === want.trim(),
    (i, r) => {
      list.set(i);
      setDetail(r.group.group_id);
    },
    (want) => props.notify(`no group ${want} on this device`),
    ['groups'],
  );
  const analysis = useMemo(
    () => (form ? analyzeGroup(form, device, groups ?? []) : null),
    [form, device, groups],
  );
  const trafficImpact = useMemo(
    () => (analysis ? groupEditorImpact(analysis, traffic) : null),
    [analysis, traffic],
  );

  const selected = (): GroupRow | undefined =>
    detail !== null ? all.find((r) => r.group.group_id === detail) : rows[view.selected];

  const apply = (fm: GroupForm) => {
    const a = analyzeGroup(fm, device, groups ?? []);
    if (applyBlocked(fm, a, setForm, props.notify)) return;
    const build = (save: boolean) => planGroup(a, save, new Date())!;
    const t = fm === form ? trafficImpact : groupEditorImpact(a, traffic);
    change.open(build(fm.saveFirst), {
      saveFirst: fm.saveFirst,
      rebuild: rebuildFromForm(formRef, build),
      impact: [
        ...warningLines(a.issues),
        ...impactLines(a.impact),
        ...(t?.warnings ?? []).map((w) => `! ${w}`),
        ...(t ? [t.summary] : []),
      ],
      onClose: (r) => {
        // success closes the editor; a refusal goes back to it, as typed
        if (r?.ok) {
          setForm(null);
          if (t && t.impact.ports.length > 0) prediction.expect(`group ${fm.id.text}`, t);
        } else if (r) keepRefused(formRef, r.lines, refusalTarget);
      },
    });
  };

  // the confirmation and the editor (a form) read raw keys while open
  props.keys.reading = () => change.isOpen || formRef.current() != null;
  props.keys.current = (key) => {
    if (change.isOpen) return change.key(key);
    const fm = formRef.current();
    if (!fm) return false;
    const a = fm === form && analysis ? analysis : analyzeGroup(fm, device, groups ?? []);
    return editorStep(
      formRef,
      key,
      () => groupKey(fm, key, device.env, a.exists, props.keys.command),
      props.notify,
      apply,
    );
  };
  const closeDetail = () => setDetail(null);
  useCommands(props.commands, {
    'groups.add': () => {
      const next = Math.max(0, ...(groups ?? []).map((g) => g.group_id)) + 1;
      setForm(newGroupForm('add', null, next));
    },
    'groups.edit': () => {
      const row = selected();
      if (row) setForm(newGroupForm('edit', row.group));
      else props.notify('no group selected');
    },
    'groups.delete': () => {
      const row = selected();
      change.write('delete', () => {
        if (!row) return props.notify('no group selected');
        const refusal = groupDeleteRefusal(row.group.group_id, row.users);
        if (refusal) return props.notify(refusal);
        change.open(planGroupDelete(row.group, false, new Date()), {
          saveFirst: false,
          rebuild: (save) => planGroupDelete(row.group, save, new Date()),
          onClose: (r) => r?.ok && setDetail(null),
        });
      });
    },
    'groups.deleteAll': () =>
      change.write('delete all', () => {
        if (!groups?.length) return props.notify('there are no groups to delete');
        const plan = (save: boolean) => planGroupDeleteAll(groups, device.rules, save, new Date());
        change.open(plan(true), {
          saveFirst: true,
          rebuild: plan,
          impact: impactLines(plan(false).expectGone ?? []),
          onClose: (r) => r?.ok && setDetail(null),
        });
      }),
    ...(detail !== null
      ? { 'app.cancel': closeDetail, 'groups.detail': closeDetail }
      : {
          ...navCommands(list.go),
          'groups.detail': () => {
            const row = selected();
            if (row) setDetail(row.group.group_id);
          },
        }),
  });

  if (change.isOpen) return change.view(props.width, props.height);
  if (form && analysis)
    return (
      <GroupEditor
        form={form}
        analysis={withRefusal(analysis, formRef.refusal())}
        {...(formRef.asking() ? { question: DISCARD_QUESTION } : {})}
        ports={device.env.ports}
        completions={completionsAt(form, device.env)}
        refused={refused}
        traffic={trafficImpact}
        width={props.width}
        height={props.height}
      />
    );
  if (detail !== null) {
    const row = selected();
    if (!row) return <Text>Group {detail} is gone (the group list changed). Esc returns.</Text>;
    return (
      <Box flexDirection="column" width={props.width} height={props.height} paddingX={1}>
        <Text bold wrap="truncate-end">
          Group {detail} · e edit · d delete · Esc returns
        </Text>
        <KeyValue
          width={props.width - 2}
          labelWidth={12}
          pairs={detailPairs(row, device.ctx.ports).slice(0, props.height - 1)}
        />
      </Box>
    );
  }
  const used = all.filter((r) => r.users.length > 0).length;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text wrap="truncate-end">
        {groups
          ? `${(f && matchNote(rows.length, all.length, props.filter, 'groups')) || `${all.length} ${all.length === 1 ? 'group' : 'groups'}`} · ${used} used by rules`
          : ''}
        {refused ? ` · read-only: ${refused}` : ''}
      </Text>
      {prediction.text ? (
        <Text wrap="truncate-end" dimColor>
          {prediction.text}
        </Text>
      ) : null}
      {groups === undefined ? (
        <Text>{loadError ? `Cannot read the groups: ${loadError}` : 'Loading groups…'}</Text>
      ) : (
        <Table
          columns={COLUMNS}
          rows={rows}
          width={props.width}
          height={props.height - 1 - (prediction.text ? 1 : 0)}
          selected={view.selected}
          offset={view.offset}
          sortKey="id"
          emptyText={f ? `no group matches '${props.filter}'` : 'no groups — press a to add one'}
          rowKey={(r) => String(r.group.group_id)}
        />
      )}
    </Box>
  );
}
