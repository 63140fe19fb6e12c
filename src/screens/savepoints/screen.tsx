/** 5 Save-points: rule and port save-points side by side in two panes; view, diff, activate, manage. */
import { Box } from 'ink';
import { useState } from 'react';
import type { PortSavePoint, RuleSavePoint } from '../../model/index.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import { capacity } from '../../tcam/index.js';
import { type Column, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useWriteAccess } from '../dialogs/access.js';
import { DialogView, dialogPage } from '../dialogs/dialog-view.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { sameName, usePick } from '../pick.js';
import type { ScreenProps } from '../types.js';
import {
  activate,
  create,
  exportTo,
  importFrom,
  modify,
  openContent,
  quicksave,
  remove,
  type SavePointsContext,
  type Selected,
  setBoot,
  showDiff,
} from './actions.js';

type Pane = 'rules' | 'ports';
type Mark = { pane: Pane; name: string } | null;

const isMarked = (mark: Mark, pane: Pane, name: string) =>
  mark?.pane === pane && mark.name === name;

function flags(sp: { name: string; readonly: boolean; boot?: boolean }, pane: Pane, mark: Mark) {
  return [
    isMarked(mark, pane, sp.name) ? 'marked' : '',
    sp.boot ? 'boot' : '',
    sp.name === 'Quicksave' && pane === 'rules' ? 'quicksave' : '',
    sp.readonly ? 'read-only' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

type SavePointRow = { name: string; description: string; readonly: boolean; boot?: boolean };

/** The columns both panes have: name (with the mark), description … and, at the end, flags. */
function savePointColumns<T extends SavePointRow>(
  pane: Pane,
  mark: Mark,
  middle: Column<T>[],
  flagsWidth: number,
): Column<T>[] {
  return [
    {
      key: 'name',
      title: pane === 'rules' ? 'RULE SAVE-POINT' : 'PORT SAVE-POINT',
      width: 20,
      min: 12,
      priority: 100,
      render: (s) => `${isMarked(mark, pane, s.name) ? '* ' : ''}${s.name}`,
    },
    {
      key: 'description',
      title: 'DESCRIPTION',
      width: 26,
      min: 10,
      flex: true,
      priority: 40,
      render: (s) => s.description,
    },
    ...middle,
    {
      key: 'flags',
      title: 'FLAGS',
      width: flagsWidth,
      min: 9,
      priority: 90,
      render: (s) => flags(s, pane, mark),
    },
  ];
}

function ruleColumns(maximum: number | undefined, mark: Mark): Column<RuleSavePoint>[] {
  return savePointColumns<RuleSavePoint>(
    'rules',
    mark,
    [
      {
        key: 'rules',
        title: 'RULES',
        width: 5,
        align: 'right',
        priority: 60,
        render: (s) => String(s.rules.length),
      },
      {
        key: 'flows',
        title: 'FLOWS',
        width: 10,
        align: 'right',
        priority: 80,
        render: (s) => (maximum ? `${s.flowusage}/${maximum}` : String(s.flowusage)),
        color: (s) => (maximum && s.flowusage > maximum ? 'red' : undefined),
      },
      {
        key: 'groups',
        title: 'GROUPS',
        width: 6,
        align: 'right',
        priority: 70,
        render: (s) => String(s.groupusage),
      },
    ],
    18,
  );
}

function portColumns(mark: Mark): Column<PortSavePoint>[] {
  return savePointColumns<PortSavePoint>(
    'ports',
    mark,
    [
      {
        key: 'ports',
        title: 'PORTS',
        width: 5,
        align: 'right',
        priority: 70,
        render: (s) => String(s.ports.length),
      },
    ],
    22,
  );
}

const matches = (filter: string) => {
  const f = filter.toLowerCase();
  return (s: { name: string; description: string }) =>
    !f || `${s.name} ${s.description}`.toLowerCase().includes(f);
};

export function SavePointsScreen(props: ScreenProps) {
  const { client, poller } = useConsole();
  const savepoints = useConsoleState((s) => s.resources.savepoints.data);
  const error = useConsoleState((s) => s.resources.savepoints.error?.message);
  const rules = useConsoleState((s) => s.resources.rules.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const deviceName = useConsoleState((s) => s.resources.identity.data?.name);
  const dialog = useDialog(props.notify);
  const allowed = useWriteAccess(props.notify);
  const [pane, setPane] = useState<Pane>('rules');
  const [mark, setMark] = useState<Mark>(null);
  const ruleRows = (savepoints?.rules ?? []).filter(matches(props.filter));
  const portRows = (savepoints?.ports ?? []).filter(matches(props.filter));
  const portHeight = Math.max(4, Math.min(portRows.length + 2, Math.floor((props.height - 2) / 3)));
  const ruleHeight = Math.max(3, props.height - 2 - portHeight);
  const ruleList = useKeyedList(ruleRows, (s) => s.name, ruleHeight - 1, { filter: props.filter });
  const portList = useKeyedList(portRows, (s) => s.name, portHeight - 1, { filter: props.filter });
  // `:savepoint NAME`: that save-point selected, in its pane (rule save-points first)
  const both = savepoints
    ? [
        ...ruleRows.map((sp, i) => ({ pane: 'rules' as const, sp, i })),
        ...portRows.map((sp, i) => ({ pane: 'ports' as const, sp, i })),
      ]
    : undefined;
  usePick(
    props.pick,
    both,
    (r, want) => sameName(r.sp.name, want),
    (_, r) => {
      setPane(r.pane);
      (r.pane === 'rules' ? ruleList : portList).set(r.i);
    },
    (want) => props.notify(`no save-point named '${want}'`),
    ['savepoints'],
  );
  const mode = settings?.storage.modeCurrent;
  const maximum = flows?.maximum_flows ?? (mode ? capacity(mode).maximum : undefined);

  const selectedIn = (p: Pane): Selected | undefined => {
    if (p === 'rules') {
      const sp = ruleRows[ruleList.state.selected];
      return sp ? { pane: 'rules', sp } : undefined;
    }
    const sp = portRows[portList.state.selected];
    return sp ? { pane: 'ports', sp } : undefined;
  };
  const sel = selectedIn(pane);
  const marked = ((): Selected | undefined => {
    if (!mark) return undefined;
    if (mark.pane === 'rules') {
      const sp = savepoints?.rules.find((s) => s.name === mark.name);
      return sp ? { pane: 'rules', sp } : undefined;
    }
    const sp = savepoints?.ports.find((s) => s.name === mark.name);
    return sp ? { pane: 'ports', sp } : undefined;
  })();

  const ctx: SavePointsContext = {
    client,
    poller,
    dialog,
    notify: props.notify,
    allowed,
    savepoints,
    rules,
    groups,
    config,
    portNumbers: info?.map((p) => p.port_no),
    mode,
    permanent: settings?.permanent,
    deviceName,
    width: Math.max(10, props.width - 4),
  };

  // a dialog (a form, a confirmation, a content view) reads raw keys while it is open
  props.keys.reading = () => dialog.dialog !== null;
  props.keys.current = (key) => dialog.handleKey(key, dialogPage(props.height));
  useCommands(props.commands, {
    ...navCommands((pane === 'rules' ? ruleList : portList).go),
    'savepoints.pane': () => setPane(pane === 'rules' ? 'ports' : 'rules'),
    'savepoints.open': () => openContent(ctx, sel),
    'savepoints.mark': () => {
      if (!sel) return;
      if (isMarked(mark, sel.pane, sel.sp.name)) {
        setMark(null);
        props.notify('mark removed');
      } else {
        setMark({ pane: sel.pane, name: sel.sp.name });
        props.notify(
          `marked '${sel.sp.name}': v on another save-point shows the diff between them`,
        );
      }
    },
    'savepoints.diff': () => showDiff(ctx, sel, marked),
    'savepoints.new': () => create(ctx, pane),
    'savepoints.quicksave': () => quicksave(ctx),
    'savepoints.activate': () => activate(ctx, sel),
    'savepoints.boot': () => setBoot(ctx, sel),
    'savepoints.modify': () => modify(ctx, sel),
    'savepoints.delete': () => remove(ctx, sel),
    'savepoints.export': () => exportTo(ctx, sel, marked),
    'savepoints.import': () => importFrom(ctx),
  });

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  if (!savepoints)
    return (
      <Box height={props.height}>
        <Text>{error ? `! save-points: ${error}` : 'Loading save-points…'}</Text>
      </Box>
    );
  const title = (p: Pane, text: string) => (
    <Text bold={pane === p} inverse={pane === p} wrap="truncate">
      {` ${text} `}
    </Text>
  );
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      {title(
        'rules',
        `Rule save-points (${matchNote(ruleRows.length, savepoints.rules.length, props.filter, 'save-points') || savepoints.rules.length})${mode ? ` · storage ${mode}` : ''} · Tab switches panes`,
      )}
      <Table
        columns={ruleColumns(maximum, mark)}
        rows={ruleRows}
        width={props.width}
        height={ruleHeight}
        selected={ruleList.state.selected}
        offset={ruleList.state.offset}
        focused={pane === 'rules'}
        emptyText={
          props.filter
            ? `no rule save-point matches '${props.filter}'`
            : 'no rule save-points (n saves the active rules)'
        }
        rowKey={(s) => s.name}
      />
      {title(
        'ports',
        `Port save-points (${matchNote(portRows.length, savepoints.ports.length, props.filter, 'save-points') || savepoints.ports.length})`,
      )}
      <Table
        columns={portColumns(mark)}
        rows={portRows}
        width={props.width}
        height={portHeight}
        selected={portList.state.selected}
        offset={portList.state.offset}
        focused={pane === 'ports'}
        emptyText={
          props.filter ? `no port save-point matches '${props.filter}'` : 'no port save-points'
        }
        rowKey={(s) => s.name}
      />
    </Box>
  );
}
