/** `e` on Ports: change the port's configuration (POST /ports/config) in a dialog. */
import type { PortConfig } from '../../model/index.js';
import { useConsole } from '../../store/react.js';
import { useWriteAccess } from '../dialogs/access.js';
import { useDialog } from '../dialogs/use-dialog.js';
import { editPortConfig } from './edit-config.js';

export function usePortEdit(
  config: readonly PortConfig[] | undefined,
  notify: (message: string) => void,
) {
  const { client, poller } = useConsole();
  const dialog = useDialog(notify);
  const allowed = useWriteAccess(notify);
  const edit = (name: string | undefined) =>
    editPortConfig(
      { client, poller, dialog, notify, allowed },
      config?.find((c) => c.if_name === name),
      name,
    );
  return { dialog, edit };
}
