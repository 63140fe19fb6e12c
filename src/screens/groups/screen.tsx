/**
 * 4 Groups: id, type in words, buckets and the rules that use each group; Enter for
 * details; a/e open the bucket editor; d and D delete after a confirmation that lists the
 * rules the device will delete with them.
 * The editor: use-group-editor.ts; the list writes: writes.ts; the rows: rows.ts.
 */
import { useMemo, useState } from 'react';
import { useConsoleState } from '../../store/react.js';
import { navCommands, useCommands } from '../commands.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { changeLayer, layer, useKeyLayers } from '../key-layers.js';
import { usePick } from '../pick.js';
import { editorProps, useEditSession } from '../rules/edit-session.js';
import type { ScreenProps } from '../types.js';
import { GroupEditor } from './editor.js';
import { completionsAt, type GroupForm } from './editor-state.js';
import { GroupDetail, GroupListView } from './list-view.js';
import { usageIndex } from './model.js';
import { filterGroups, type GroupRow, groupRows } from './rows.js';
import { useGroupEditor } from './use-group-editor.js';
import { groupWrites } from './writes.js';

export function GroupsScreen(props: ScreenProps) {
  const groups = useConsoleState((s) => s.resources.groups.data);
  const loadError = useConsoleState((s) => s.resources.groups.error?.message);
  const session = useEditSession<GroupForm>(props.notify);
  const { device, refused, change, prediction } = session;
  const editor = useGroupEditor(session, groups ?? [], props.notify);
  const [detail, setDetail] = useState<number | null>(null);

  const usage = useMemo(() => usageIndex(device.rules), [device.rules]);
  const all = useMemo(() => groupRows(groups ?? [], usage), [groups, usage]);
  const rows = useMemo(() => filterGroups(all, props.filter), [all, props.filter]);
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

  const selected = (): GroupRow | undefined =>
    detail !== null ? all.find((r) => r.group.group_id === detail) : rows[view.selected];

  // the confirmation and the editor (a form) read raw keys while open
  useKeyLayers(props.keys, [
    changeLayer(change),
    layer(() => session.formRef.current() != null, editor.key),
  ]);
  const closeDetail = () => setDetail(null);
  useCommands(props.commands, {
    'groups.add': () => editor.open(null),
    'groups.edit': () => {
      const row = selected();
      if (row) editor.open(row.group);
      else props.notify('no group selected');
    },
    ...groupWrites({ session, groups, selected, closeDetail, notify: props.notify }),
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

  const { width, height } = props;
  if (change.isOpen) return change.view(width, height);
  const editing = editorProps(session, editor, (f) => completionsAt(f, device.env));
  if (editing)
    return <GroupEditor {...editing} ports={device.env.ports} width={width} height={height} />;
  if (detail !== null)
    return (
      <GroupDetail
        id={detail}
        row={selected()}
        ports={device.ctx.ports}
        width={width}
        height={height}
      />
    );
  return (
    <GroupListView
      {...{ groups, loadError, all, rows, view, refused, width, height }}
      filter={props.filter}
      prediction={prediction.text}
    />
  );
}
