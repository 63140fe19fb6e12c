/** 8 Apps: what the device can run, and the running instances; start, edit, stop, actions. */
import { Box } from 'ink';
import { useState } from 'react';
import type { App, AppInstance } from '../../model/index.js';
import { maskedParams } from '../../model/secrets.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import type { Column } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { emptyNote, matchNote } from '../filter-note.js';
import { LoadingLine, PaneTable } from '../pane-table.js';
import type { ScreenProps } from '../types.js';
import { useDialogScreen } from '../use-dialog-screen.js';
import {
  type AppsContext,
  chooseAction,
  modifyInstance,
  startApp,
  stopInstance,
} from './actions.js';

const APP_COLUMNS: Column<App>[] = [
  // 16: the longest app names (heartbeat_bypass, bypass_keepalive) whole when the width allows
  { key: 'name', title: 'APP', width: 16, min: 8, priority: 100, render: (a) => a.name },
  {
    key: 'start',
    title: 'START',
    width: 5,
    priority: 90,
    render: (a) => (a.canBeInstantiated ? 'yes' : 'no'),
  },
  {
    key: 'params',
    title: 'PARAMS',
    width: 6,
    align: 'right',
    priority: 30,
    render: (a) => String(a.paramFormat.length),
  },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 40,
    min: 16,
    flex: true,
    priority: 80,
    render: (a) => a.description,
  },
];

const RUNNING_COLUMNS: Column<AppInstance>[] = [
  {
    key: 'pid',
    title: 'PID',
    width: 6,
    align: 'right',
    priority: 100,
    render: (i) => String(i.pid),
  },
  { key: 'name', title: 'APP', width: 10, priority: 95, render: (i) => i.name },
  {
    key: 'description',
    title: 'DESCRIPTION',
    width: 20,
    min: 10,
    priority: 70,
    render: (i) => i.user_description || i.description,
  },
  {
    key: 'params',
    title: 'PARAMETERS',
    width: 40,
    min: 16,
    flex: true,
    priority: 80,
    render: (i) =>
      Object.entries(maskedParams(i.params))
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
  },
];

const matches = (filter: string) => {
  const f = filter.toLowerCase();
  return (x: { name: string; description: string; user_description?: string }) =>
    !f || `${x.name} ${x.description} ${x.user_description ?? ''}`.toLowerCase().includes(f);
};

export function AppsScreen(props: ScreenProps) {
  const { client, poller } = useConsole();
  const apps = useConsoleState((s) => s.resources.apps.data);
  const running = useConsoleState((s) => s.resources.running.data);
  const error = useConsoleState(
    (s) => s.resources.apps.error?.message ?? s.resources.running.error?.message,
  );
  // a dialog (a form, a menu, a confirmation) reads raw keys while it is open
  const { dialog, allowed } = useDialogScreen(props);
  const [pane, setPane] = useState<'apps' | 'running'>('apps');
  const appRows = (apps ?? []).filter(matches(props.filter));
  const runRows = (running ?? []).filter(matches(props.filter)).sort((a, b) => a.pid - b.pid);
  const appHeight = Math.max(3, Math.min(appRows.length + 1, Math.floor((props.height - 2) / 2)));
  const runHeight = Math.max(3, props.height - 2 - appHeight);
  const appList = useKeyedList(appRows, (a) => a.name, appHeight - 1, { filter: props.filter });
  const runList = useKeyedList(runRows, (i) => String(i.pid), runHeight - 1, {
    filter: props.filter,
  });
  const app = appRows[appList.state.selected];
  const instance = runRows[runList.state.selected];

  const ctx: AppsContext = { client, poller, dialog, notify: props.notify, allowed, apps };

  useCommands(props.commands, {
    ...navCommands((pane === 'apps' ? appList : runList).go),
    'apps.pane': () => setPane(pane === 'apps' ? 'running' : 'apps'),
    'apps.start': () => startApp(ctx, app),
    'apps.modify': () => modifyInstance(ctx, instance),
    'apps.enter': () => {
      if (pane === 'apps') startApp(ctx, app);
      else modifyInstance(ctx, instance);
    },
    'apps.stop': () => stopInstance(ctx, instance),
    'apps.action': () => chooseAction(ctx, instance),
  });

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;
  if (!apps || !running) return <LoadingLine what="apps" error={error} height={props.height} />;
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <PaneTable
        title={`Available apps (${matchNote(appRows.length, apps.length, props.filter, 'apps') || apps.length}) · a starts · Tab switches panes`}
        focused={pane === 'apps'}
        columns={APP_COLUMNS}
        rows={appRows}
        list={appList.state}
        width={props.width}
        height={appHeight}
        emptyText={emptyNote(props.filter, 'app', 'the device offers no apps')}
        rowKey={(a) => a.name}
      />
      <PaneTable
        title={`Running instances (${matchNote(runRows.length, running.length, props.filter, 'instances') || running.length}) · e edits · d stops · ! actions`}
        focused={pane === 'running'}
        columns={RUNNING_COLUMNS}
        rows={runRows}
        list={runList.state}
        width={props.width}
        height={runHeight}
        emptyText={emptyNote(
          props.filter,
          'instance',
          'nothing running (a starts the selected app)',
        )}
        rowKey={(i) => String(i.pid)}
      />
    </Box>
  );
}
