/** 9 Device: every device setting, its value, and Enter to change it (with the dangerous ones guarded). */
import { Box } from 'ink';
import { useState } from 'react';
import { levelName, sanitize } from '../../model/index.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import { type Column, Table, Text } from '../../widgets/index.js';
import { navCommands, useCommands } from '../commands.js';
import { useWriteAccess } from '../dialogs/access.js';
import { wrapLines } from '../dialogs/dialog.js';
import { DialogView, dialogPage } from '../dialogs/dialog-view.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { usePick } from '../pick.js';
import type { ScreenProps } from '../types.js';
import {
  addController,
  type DeviceActionContext,
  editDeviceItem,
  reboot,
  removeController,
} from './actions.js';
import { environmentItems } from './environment.js';
import { bootSavePointName, type DeviceItem, type DeviceItemId, deviceItems } from './items.js';

const COLUMNS: Column<DeviceItem>[] = [
  { key: 'setting', title: 'SETTING', width: 18, min: 12, priority: 100, render: (r) => r.label },
  {
    key: 'value',
    title: 'VALUE',
    width: 40,
    min: 20,
    flex: true,
    priority: 90,
    render: (r) => r.value,
  },
  { key: 'level', title: 'NEEDS', width: 5, priority: 10, render: (r) => levelName(r.level) },
];

type ControllerRow = { connection: string; ip: string; port: string };
const CONTROLLER_COLUMNS: Column<ControllerRow>[] = [
  { key: 'connection', title: 'CONNECTION', width: 10, priority: 90, render: (r) => r.connection },
  { key: 'ip', title: 'ADDRESS', width: 16, priority: 100, render: (r) => r.ip },
  { key: 'port', title: 'PORT', width: 6, flex: true, priority: 80, render: (r) => r.port },
];

export function DeviceScreen(props: ScreenProps) {
  const { client, poller, session, reconnect } = useConsole();
  const config = useConsoleState((s) => s.resources.deviceConfig.data);
  const configError = useConsoleState((s) => s.resources.deviceConfig.error?.message);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const rules = useConsoleState((s) => s.resources.rules.data);
  const savepoints = useConsoleState((s) => s.resources.savepoints.data);
  const env = useConsoleState((s) => s.resources.environment.data);
  const dialog = useDialog(props.notify);
  const allowed = useWriteAccess(props.notify);
  const [mode, setMode] = useState<'settings' | 'controllers'>('settings');
  const bootSavePoint = bootSavePointName(savepoints);
  const allItems = [
    ...deviceItems({
      config,
      settings,
      flows,
      rules,
      bootSavePoint,
      sessionUrl: session.url,
    }),
    // the fans, power supplies and temperatures, read-only (the Overview's lines open them)
    ...environmentItems(env),
  ];
  // `/` filters the settings by name, value and explanation
  const f = props.filter.trim().toLowerCase();
  const items = f
    ? allItems.filter((i) => `${i.label} ${i.value} ${i.about.join(' ')}`.toLowerCase().includes(f))
    : allItems;
  const note = matchNote(items.length, allItems.length, props.filter, 'settings');
  const controllers = config?.controllers ?? [];
  const tableHeight = Math.min(items.length + 1, Math.max(3, props.height - 3 - (note ? 1 : 0)));
  const list = useKeyedList(items, (r) => r.id, tableHeight - 1, { filter: props.filter });
  const clist = useKeyedList(
    controllers,
    (r) => `${r.connection} ${r.ip}:${r.port}`,
    Math.max(1, props.height - 3),
  );
  // Enter on an Overview environment line: that sensor selected
  usePick(
    props.pick,
    env ? items : undefined,
    (r, want) => r.id === `env:${want}`,
    (i) => list.set(i),
    (want) => props.notify(`no sensor '${want}' on this device`),
    ['environment'],
  );

  const ctx: DeviceActionContext = {
    client,
    poller,
    session,
    reconnect,
    dialog,
    notify: props.notify,
    allowed,
    config,
    settings,
    flows,
    rules,
    bootSavePoint,
    showControllers: () => setMode('controllers'),
  };

  // a dialog (a form, a confirmation) reads raw keys while it is open
  props.keys.reading = () => dialog.dialog !== null;
  props.keys.current = (key) => dialog.handleKey(key, dialogPage(props.height));
  useCommands(
    props.commands,
    mode === 'controllers'
      ? {
          ...navCommands(clist.go),
          'app.cancel': () => setMode('settings'),
          'device.controllers': () => setMode('settings'),
          'device.controllerAdd': () => addController(ctx),
          'device.controllerDelete': () => removeController(ctx, controllers[clist.state.selected]),
        }
      : {
          ...navCommands(list.go),
          // a sensor reading has nothing to change: no Enter (nor its hint) on its row
          ...(items[list.state.selected]?.id.startsWith('env:') === false
            ? {
                'device.edit': () => {
                  const item = items[list.state.selected];
                  if (item) editDeviceItem(ctx, item.id as DeviceItemId);
                },
              }
            : {}),
          'device.reboot': () => reboot(ctx),
          'device.led': () => editDeviceItem(ctx, 'idled'),
          'device.controllers': () => setMode('controllers'),
        },
  );

  if (dialog.dialog)
    return <DialogView control={dialog} width={props.width} height={props.height} />;

  if (mode === 'controllers') {
    return (
      <Box flexDirection="column" width={props.width} height={props.height}>
        <Text bold wrap="truncate">
          Controllers ({controllers.length}) · a adds · d deletes · Tab or Esc returns
        </Text>
        <Table
          columns={CONTROLLER_COLUMNS}
          rows={controllers}
          width={props.width}
          height={props.height - 1}
          selected={clist.state.selected}
          offset={clist.state.offset}
          emptyText="no controllers configured (a adds one)"
          rowKey={(r) => `${r.connection} ${r.ip}:${r.port}`}
        />
      </Box>
    );
  }

  const selected = items[list.state.selected];
  const aboutHeight = Math.max(0, props.height - tableHeight - 1 - (note ? 1 : 0));
  const about = wrapLines(
    [
      ...(selected?.about ?? []),
      ...(configError && !config ? [`! device settings: ${configError}`] : []),
    ],
    props.width - 2,
  ).slice(0, aboutHeight);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      {note ? <Text wrap="truncate-end">{note}</Text> : null}
      <Table
        columns={COLUMNS}
        rows={items}
        emptyText={`no setting matches '${sanitize(props.filter)}'`}
        width={props.width}
        height={tableHeight}
        selected={list.state.selected}
        offset={list.state.offset}
        rowKey={(r) => r.id}
      />
      <Text dimColor wrap="truncate">
        {'─'.repeat(Math.max(0, props.width))}
      </Text>
      {about.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines
        <Text key={i} wrap="truncate">
          {` ${typeof l === 'string' ? l : l.text}`}
        </Text>
      ))}
    </Box>
  );
}
