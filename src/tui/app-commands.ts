/** What the app layer does per command: screen switching, overlays, polling, quit, login. */
import type { CommandHandlers } from '../screens/commands.js';
import { SCREENS, type ScreenId } from './keymap.js';

export interface AppActions {
  go(id: ScreenId): void;
  quit(): void;
  openHelp(): void;
  openPalette(): void;
  openFilter(): void;
  /** Esc with no overlay: clears the screen's filter. */
  clearFilter(): void;
  refresh(): void;
  togglePause(): void;
  login(): void;
  /** C: keep the changes waiting for their auto-revert. */
  confirmRevert(): void;
  /** `u` where no screen takes it: the latest change's undo, on the journal screen. */
  undo(): void;
}

export function appCommands(a: AppActions): CommandHandlers {
  return {
    ...Object.fromEntries(SCREENS.map((s) => [`screen.${s.id}`, () => a.go(s.id)])),
    'app.quit': a.quit,
    'app.help': a.openHelp,
    'app.palette': a.openPalette,
    'app.filter': a.openFilter,
    'app.refresh': a.refresh,
    'app.pause': a.togglePause,
    'app.cancel': a.clearFilter,
    'app.login': a.login,
    'app.confirmRevert': a.confirmRevert,
    'screen.journal': () => a.go('journal'),
    'screen.tools': () => a.go('tools'),
    'screen.fleet': () => a.go('fleet'),
    'app.undo': a.undo,
  };
}
