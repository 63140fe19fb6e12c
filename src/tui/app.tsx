/**
 * The app frame: header, the current screen, the status bar, and overlays (help, command
 * palette, filter line). One input handler routes every key: the login dialog or an open
 * overlay first, then the screen and the app by command (use-screen.ts, dispatch.ts).
 */

import { Box, useApp, useInput, useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { confirmAllOn } from '../guard/console.js';
import { DialogKeysContext } from '../screens/dialog-keys.js';
import { DialogView, dialogPage } from '../screens/dialogs/dialog-view.js';
import { useDialog } from '../screens/dialogs/use-dialog.js';
import { requestApply } from '../screens/journal/apply.js';
import { requestUndoLatest } from '../screens/journal/screen.js';
import { KeyClockContext } from '../screens/key-clock.js';
import { useConsole, useConsoleState } from '../store/react.js';
import { StatusBar, Text } from '../widgets/index.js';
import { useLive } from '../widgets/use-live.js';
import { appCommands } from './app-commands.js';
import { deviceNames, namesToRead } from './device-names.js';
import { dispatchKey } from './dispatch.js';
import { HEADER_HEIGHT, Header } from './header.js';
import { HelpOverlay } from './help.js';
import { statusHints } from './hints.js';
import { useKeyQueue } from './key-queue.js';
import { SCREENS, type ScreenId } from './keymap.js';
import { openLogin } from './login.js';
import { Palette, PaletteHelp, paletteCompletions, runPaletteCommand } from './palette.js';
import { SCREEN_VIEWS } from './screens.js';
import { useConnect } from './use-connect.js';
import { useHelp } from './use-help.js';
import { useMessages } from './use-messages.js';
import { usePrompt } from './use-prompt.js';
import { useScreen } from './use-screen.js';
import { useTerminalSize } from './use-terminal-size.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

type Overlay = 'none' | 'help' | 'palette' | 'filter';

export function App(props: { initialScreen?: ScreenId }) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const { poller, session, reconnect, store, client } = useConsole();
  const { columns, rows } = useTerminalSize();
  const screens = useScreen(props.initialScreen ?? 'overview');
  const [overlay, setOverlay, liveOverlay] = useLive<Overlay>('none');
  const prompt = usePrompt();
  const help = useHelp(session.readonly, () => setOverlay('none'));
  const { notice, setNotice, reply, setReply } = useMessages();
  // `:login`'s form, over the screen (which stays mounted underneath)
  const login = useDialog(setNotice);
  const lastError = useConsoleState((s) => s.lastError?.message);
  const { screen } = screens;
  const view = SCREEN_VIEWS[screen];
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;

  // Only the visible screen's resources (plus the header's) are polled.
  useEffect(() => {
    poller.setDemand(view.resources);
  }, [poller, view]);

  const connect = useConnect(setReply, setNotice);
  // the screen `u` left for the Journal, while the Journal is still shown
  const undoFrom = useRef<ScreenId | null>(null);
  useEffect(() => {
    if (screen !== 'journal') undoFrom.current = null;
  }, [screen]);

  const app = appCommands({
    go: screens.go,
    undo: () => {
      requestUndoLatest();
      if (screens.live.current !== 'journal') undoFrom.current = screens.live.current;
      screens.go('journal');
    },
    quit: exit,
    openHelp: () => {
      help.reset();
      setOverlay('help');
    },
    openPalette: () => {
      prompt.start('palette', screens.live.current);
      setOverlay('palette');
    },
    openFilter: () => {
      prompt.start('filter', screens.live.current);
      setOverlay('filter');
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
      openLogin(login, session, reconnect);
    },
    confirmRevert: () => {
      if (session.readonly) return setNotice('C: the session is read-only; nothing was sent');
      setNotice('confirming…');
      confirmAllOn(client, session.url).then(setNotice, (e: Error) => setNotice(e.message));
    },
  });

  /** `text` is set when the key is printable text (one character, or a pasted run). */
  const onKey = (key: string, text: string | null) => {
    const open = liveOverlay.current;
    const current = screens.live.current;
    if (login.handleKey(key, dialogPage(help.size.current.height))) return;
    if (open === 'help') return help.handleKey(key, current);
    if (open === 'palette' || open === 'filter') {
      return prompt.handleKey(open, key, text, current, {
        close: () => setOverlay('none'),
        complete: (typed) => {
          const found = paletteCompletions(typed, deviceNames(store.getState()));
          // names of a screen not visited yet are not in the store: read them for the next Tab
          const kind = namesToRead(typed, store.getState());
          if (found.length === 0 && kind) {
            void poller.refreshNow(kind);
            setNotice('reading the names from the device… Tab again');
          }
          return found;
        },
        run: (typed) => {
          const result = runPaletteCommand(typed, {
            go: screens.go,
            run: (command) => app[command]?.(),
            ...(connect ? { connect } : {}),
            show: (id, item) => {
              // what the screen's filter hides could not be selected
              prompt.setFilter(id, '');
              screens.show(id, item);
            },
            filter: (id, text) => {
              prompt.setFilter(id, text);
              screens.go(id);
            },
            apply: (file) => {
              requestApply(file);
              screens.go('journal');
            },
          });
          if (result) setReply({ text: result, failed: true });
        },
      });
    }
    // too small to show a screen: only quitting works
    if (tooSmall) dispatchKey(key, [{ scope: 'global', handlers: { 'app.quit': exit } }]);
    else screens.dispatch(key, app);
  };
  const { clock, handler } = useKeyQueue(onKey, exit);
  useInput(handler, { isActive: isRawModeSupported });

  const hints = statusHints(screen, screens.active, session.readonly, screens.reading);
  const error = reply ? (reply.failed ? reply.text : undefined) : lastError;
  const info = reply && !reply.failed ? reply.text : notice;
  const prompting = overlay === 'palette' || overlay === 'filter';
  // the status bar's second line holds the error or, failing that, the notice
  const paletteHelp = overlay === 'palette' && prompt.help;
  const footerHeight = 1 + (error || info ? 1 : 0) + (prompting ? 1 : 0);
  // too small: the screen (an open form, what was typed) stays mounted, hidden, at 80×24
  const frameColumns = Math.max(columns, MIN_COLUMNS);
  const frameRows = Math.max(rows, MIN_ROWS);
  const bodyHeight = frameRows - HEADER_HEIGHT - footerHeight;
  help.size.current = { width: columns, height: bodyHeight };
  const Screen = view.component;
  return (
    <KeyClockContext.Provider value={clock}>
      <DialogKeysContext.Provider value={screens.keys.command}>
        {tooSmall ? <TooSmall columns={columns} rows={rows} /> : null}
        <Box
          display={tooSmall ? 'none' : 'flex'}
          width={frameColumns}
          height={frameRows}
          flexDirection="column"
          overflow="hidden"
        >
          <Header width={frameColumns} screen={screen} demanded={view.resources} />
          <Box height={bodyHeight} width={frameColumns} overflow="hidden">
            {overlay === 'help' ? (
              <HelpOverlay
                screen={screen}
                width={frameColumns}
                height={bodyHeight}
                readonly={session.readonly}
                scroll={help.first}
              />
            ) : (
              <>
                {login.dialog ? (
                  <DialogView control={login} width={frameColumns} height={bodyHeight} />
                ) : paletteHelp ? (
                  <PaletteHelp width={frameColumns} height={bodyHeight} />
                ) : null}
                <Box
                  display={login.dialog || paletteHelp ? 'none' : 'flex'}
                  width={frameColumns}
                  height={bodyHeight}
                >
                  <Screen
                    key={screen}
                    width={frameColumns}
                    height={bodyHeight}
                    filter={prompt.filters[screen] ?? ''}
                    keys={screens.keys}
                    commands={screens.commands}
                    notify={setNotice}
                    pick={screens.pick}
                    show={(id, item) => {
                      const target = SCREENS.find((x) => x.id === id)?.id;
                      if (!target) return;
                      prompt.setFilter(target, '');
                      screens.show(target, item);
                    }}
                  />
                </Box>
              </>
            )}
          </Box>
          {prompting ? <Palette mode={overlay} value={prompt.input} width={frameColumns} /> : null}
          <StatusBar
            width={frameColumns}
            hints={hints}
            {...(error ? { error } : {})}
            {...(info ? { info } : {})}
          />
        </Box>
      </DialogKeysContext.Provider>
    </KeyClockContext.Provider>
  );
}

function TooSmall(props: { columns: number; rows: number }) {
  const { columns, rows } = props;
  return (
    <Box width={columns} height={rows} flexDirection="column">
      <Text>
        Terminal too small: {columns}×{rows}. pbc needs at least {MIN_COLUMNS}×{MIN_ROWS}.
      </Text>
      <Text>Enlarge the window: what is open (a form, what was typed) comes back as it was.</Text>
      <Text>Or press q to quit.</Text>
    </Box>
  );
}
