/** 5 Save-points: rule and port save-points side by side in two panes; view, diff, activate, manage. */
import { Box } from 'ink';
import { useState } from 'react';
import { useConsoleState } from '../../store/react.js';
import { navCommands, useCommands } from '../commands.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { emptyNote, matchNote } from '../filter-note.js';
import { LoadingLine, PaneTable } from '../pane-table.js';
import { sameName, usePick } from '../pick.js';
import type { ScreenProps } from '../types.js';
import { useDialogScreen } from '../use-dialog-screen.js';
import {
  activate,
  create,
  exportTo,
  importFrom,
  modify,
  openContent,
  quicksave,
  remove,
  setBoot,
  showDiff,
} from './actions.js';
import {
  type Mark,
  markedOf,
  matches,
  type Pane,
  portColumns,
  ruleColumns,
  selectedIn,
  toggleMark,
} from './panes.js';
import { useSavePointsContext } from './use-context.js';

export function SavePointsScreen(props: ScreenProps) {
  const savepoints = useConsoleState((s) => s.resources.savepoints.data);
  const error = useConsoleState((s) => s.resources.savepoints.error?.message);
  // a dialog (a form, a confirmation, a content view) reads raw keys while it is open
  const dialogScreen = useDialogScreen(props);
  const { dialog } = dialogScreen;
  const { ctx, mode, maximum, running } = useSavePointsContext(
    savepoints,
    dialogScreen,
    props.notify,
    props.width,
  );
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

  const sel = selectedIn(pane, ruleRows, portRows, {
    rules: ruleList.state.selected,
    ports: portList.state.selected,
  });
  const marked = markedOf(mark, savepoints);

  useCommands(props.commands, {
    ...navCommands((pane === 'rules' ? ruleList : portList).go),
    'savepoints.pane': () => setPane(pane === 'rules' ? 'ports' : 'rules'),
    'savepoints.open': () => openContent(ctx, sel),
    'savepoints.mark': () => {
      if (!sel) return;
      const next = toggleMark(mark, sel);
      setMark(next.mark);
      props.notify(next.note);
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
  if (!savepoints) return <LoadingLine what="save-points" error={error} height={props.height} />;
  const count = (shown: number, all: number) =>
    matchNote(shown, all, props.filter, 'save-points') || all;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <PaneTable
        title={`Rule save-points (${count(ruleRows.length, savepoints.rules.length)})${mode ? ` · storage ${mode}` : ''} · Tab switches panes`}
        focused={pane === 'rules'}
        columns={ruleColumns(maximum, mark, running)}
        rows={ruleRows}
        list={ruleList.state}
        width={props.width}
        height={ruleHeight}
        emptyText={emptyNote(
          props.filter,
          'rule save-point',
          'no rule save-points (n saves the active rules)',
        )}
        rowKey={(s) => s.name}
      />
      <PaneTable
        title={`Port save-points (${count(portRows.length, savepoints.ports.length)})`}
        focused={pane === 'ports'}
        columns={portColumns(mark, running)}
        rows={portRows}
        list={portList.state}
        width={props.width}
        height={portHeight}
        emptyText={emptyNote(props.filter, 'port save-point', 'no port save-points')}
        rowKey={(s) => s.name}
      />
    </Box>
  );
}
