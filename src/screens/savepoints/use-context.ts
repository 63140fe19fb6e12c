/**
 * What the Save-points actions need (actions.ts): the device's rules, groups, ports, storage
 * and permanent mode, its name, the dialog; and the TCAM maximum the FLOWS column compares with.
 */
import type { SavePoints } from '../../model/index.js';
import { useConsole, useConsoleState } from '../../store/react.js';
import { capacity } from '../../tcam/index.js';
import type { useDialogScreen } from '../use-dialog-screen.js';
import type { SavePointsContext } from './actions.js';

export function useSavePointsContext(
  savepoints: SavePoints | undefined,
  { dialog, allowed }: ReturnType<typeof useDialogScreen>,
  notify: (message: string) => void,
  width: number,
) {
  const { client, poller } = useConsole();
  const rules = useConsoleState((s) => s.resources.rules.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const config = useConsoleState((s) => s.resources.config.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const deviceName = useConsoleState((s) => s.resources.identity.data?.name);
  const mode = settings?.storage.modeCurrent;
  const maximum = flows?.maximum_flows ?? (mode ? capacity(mode).maximum : undefined);
  const ctx: SavePointsContext = {
    client,
    poller,
    dialog,
    notify,
    allowed,
    savepoints,
    rules,
    groups,
    config,
    portNumbers: info?.map((p) => p.port_no),
    mode,
    permanent: settings?.permanent,
    deviceName,
    width: Math.max(10, width - 4),
  };
  return { ctx, mode, maximum };
}
