/**
 * A screen whose writes open dialogs (Save-points, Users, Apps, Device): the dialog, who may
 * write, and the raw keys going to the dialog while it is open (a form, a menu, a
 * confirmation, a content view read every key).
 */
import { useWriteAccess } from './dialogs/access.js';
import { useDialog } from './dialogs/use-dialog.js';
import { dialogLayer, useKeyLayers } from './key-layers.js';
import type { ScreenProps } from './types.js';

export function useDialogScreen(props: Pick<ScreenProps, 'notify' | 'keys' | 'height'>) {
  const dialog = useDialog(props.notify);
  const allowed = useWriteAccess(props.notify);
  useKeyLayers(props.keys, [dialogLayer(dialog, props.height)]);
  return { dialog, allowed };
}
