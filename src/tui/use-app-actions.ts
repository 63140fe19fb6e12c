/**
 * What the app layer does per command (app-commands.ts maps the commands to these):
 * switching screens, `u` (the latest undo, on the Journal; Esc there goes back), the help,
 * palette and filter overlays, refresh and pause, `:login`, `C` (keep what waits for its
 * auto-revert) and quit.
 */
import { useApp } from 'ink';
import { useEffect, useRef } from 'react';
import { confirmAllOn } from '../guard/console.js';
import type { CommandHandlers } from '../screens/commands.js';
import type { useDialog } from '../screens/dialogs/use-dialog.js';
import { requestUndoLatest } from '../screens/journal/screen.js';
import { useConsole } from '../store/react.js';
import { appCommands } from './app-commands.js';
import type { ScreenId } from './keymap.js';
import { openLogin } from './login.js';
import type { useHelp } from './use-help.js';
import type { Reply } from './use-messages.js';
import type { usePrompt } from './use-prompt.js';
import type { useScreen } from './use-screen.js';

export type Overlay = 'none' | 'help' | 'palette' | 'filter';

export interface AppParts {
  screens: ReturnType<typeof useScreen>;
  prompt: ReturnType<typeof usePrompt>;
  help: ReturnType<typeof useHelp>;
  login: ReturnType<typeof useDialog>;
  setOverlay(o: Overlay): void;
  setNotice(n: string): void;
  setReply(r: Reply | undefined): void;
}

export function useAppActions(p: AppParts): CommandHandlers {
  const { exit } = useApp();
  const { poller, session, reconnect, client } = useConsole();
  const { screens, prompt, setNotice, setReply } = p;
  const { screen } = screens;
  // the screen `u` left for the Journal, while the Journal is still shown
  const undoFrom = useRef<ScreenId | null>(null);
  useEffect(() => {
    if (screen !== 'journal') undoFrom.current = null;
  }, [screen]);

  return appCommands({
    go: screens.go,
    undo: () => {
      requestUndoLatest();
      if (screens.live.current !== 'journal') undoFrom.current = screens.live.current;
      screens.go('journal');
    },
    quit: exit,
    openHelp: () => {
      p.help.reset();
      p.setOverlay('help');
    },
    openPalette: () => {
      prompt.start('palette', screens.live.current);
      p.setOverlay('palette');
    },
    openFilter: () => {
      prompt.start('filter', screens.live.current);
      p.setOverlay('filter');
    },
    clearFilter: () => {
      const current = screens.live.current;
      if (prompt.filterOf(current)) return prompt.setFilter(current, '');
      // Esc on the Journal `u` switched to: back to the screen it came from
      const from = undoFrom.current;
      undoFrom.current = null;
      if (current === 'journal' && from) screens.go(from);
    },
    refresh: () => {
      poller.refresh();
      setNotice('refreshing…');
    },
    togglePause: () => {
      poller.setPaused(!poller.isPaused());
      setNotice(poller.isPaused() ? 'polling paused (p resumes)' : 'polling resumed');
    },
    login: () => {
      if (!reconnect) return setReply({ text: 'this console cannot log in again', failed: true });
      setReply(undefined);
      openLogin(p.login, session, reconnect);
    },
    confirmRevert: () => {
      if (session.readonly) return setNotice('C: the session is read-only; nothing was sent');
      setNotice('confirming…');
      confirmAllOn(client, session.url).then(setNotice, (e: Error) => setNotice(e.message));
    },
  });
}
