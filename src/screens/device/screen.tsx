/** 9 Device: every device setting, its value, and Enter to change it (with the dangerous ones guarded). */
import { useState } from 'react';
import { useConsole, useConsoleState } from '../../store/react.js';
import { navCommands, useCommands } from '../commands.js';
import { DialogView } from '../dialogs/dialog-view.js';
import { useKeyedList } from '../dialogs/use-list.js';
import { matchNote } from '../filter-note.js';
import { usePick } from '../pick.js';
import type { ScreenProps } from '../types.js';
import { useDialogScreen } from '../use-dialog-screen.js';
import {
  addController,
  type DeviceActionContext,
  editDeviceItem,
  reboot,
  removeController,
} from './actions.js';
import { environmentItems } from './environment.js';
import { bootSavePointName, type DeviceItemId, deviceItems, filterItems } from './items.js';
import { ControllersView, controllerKey, SettingsView, settingsHeight } from './views.js';

export function DeviceScreen(props: ScreenProps) {
  const { client, poller, session, reconnect } = useConsole();
  const config = useConsoleState((s) => s.resources.deviceConfig.data);
  const configError = useConsoleState((s) => s.resources.deviceConfig.error?.message);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const rules = useConsoleState((s) => s.resources.rules.data);
  const savepoints = useConsoleState((s) => s.resources.savepoints.data);
  const env = useConsoleState((s) => s.resources.environment.data);
  // a dialog (a form, a confirmation) reads raw keys while it is open
  const { dialog, allowed } = useDialogScreen(props);
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
  const items = filterItems(allItems, props.filter);
  const note = matchNote(items.length, allItems.length, props.filter, 'settings');
  const controllers = config?.controllers ?? [];
  const tableHeight = settingsHeight(items.length, props.height, !!note);
  const list = useKeyedList(items, (r) => r.id, tableHeight - 1, { filter: props.filter });
  const clist = useKeyedList(controllers, controllerKey, Math.max(1, props.height - 3));
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

  if (mode === 'controllers')
    return (
      <ControllersView
        controllers={controllers}
        list={clist.state}
        width={props.width}
        height={props.height}
      />
    );
  return (
    <SettingsView
      items={items}
      note={note}
      list={list.state}
      filter={props.filter}
      error={configError && !config ? configError : undefined}
      width={props.width}
      height={props.height}
    />
  );
}
