/**
 * The app frame: header, the current screen, the status bar, and overlays (help, command
 * palette, filter line). One input handler routes every key: an open overlay first, then
 * the screen, then the global keymap.
 */
import { Box, useApp, useInput, useStdin } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { DialogView, dialogPage } from '../screens/dialogs/dialog-view.js';
import { useDialog } from '../screens/dialogs/use-dialog.js';
import { KeyClockContext } from '../screens/key-clock.js';
import type { KeyHandler } from '../screens/types.js';
import { useConsole, useConsoleState } from '../store/react.js';
import { StatusBar, Text } from '../widgets/index.js';
import { HEADER_HEIGHT, Header } from './header.js';
import { HelpOverlay, helpLayout, helpLines, helpScroll } from './help.js';
import { useKeyQueue } from './key-queue.js';
import { commandFor, type ScreenId } from './keymap.js';
import { openLogin } from './login.js';
import { connectTarget, Palette, paletteCommands, runPaletteCommand } from './palette.js';
import { SCREEN_VIEWS } from './screens.js';
import { useTerminalSize } from './use-terminal-size.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

type Overlay = 'none' | 'help' | 'palette' | 'filter';

export function App(props: { initialScreen?: ScreenId }) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const { poller, session, reconnect } = useConsole();
  const { columns, rows } = useTerminalSize();
  const [screen, setScreenState] = useState<ScreenId>(props.initialScreen ?? 'overview');
  const [overlay, setOverlayState] = useState<Overlay>('none');
  const [filters, setFiltersState] = useState<Partial<Record<ScreenId, string>>>({});
  const [input, setInputState] = useState('');
  const [helpFirst, setHelpFirstState] = useState(0);
  const [notice, setNotice] = useState<string | undefined>();
  // The palette's answer to what the operator typed (`:connect URL` in progress or failed, an
  // unknown command): shown instead of the last poll error, which may be about the old address.
  const [reply, setReply] = useState<{ text: string; failed: boolean } | undefined>();
  const screenKeys = useRef<KeyHandler | null>(null);
  // `:login`'s form, over the screen (which stays mounted underneath)
  const login = useDialog(setNotice);
  const lastError = useConsoleState((s) => s.lastError?.message);
  const filter = filters[screen] ?? '';
  const view = SCREEN_VIEWS[screen];

  // Keys can arrive faster than React renders (a paste, a fast typist over SSH): the key
  // handler reads and writes this always-current copy of its state, never a closure's.
  const live = useRef({
    screen,
    overlay,
    input,
    filters,
    helpFirst,
    helpSize: { width: 0, height: 0 },
  });
  const setScreen = (v: ScreenId) => {
    live.current.screen = v;
    setScreenState(v);
  };
  const setOverlay = (v: Overlay) => {
    live.current.overlay = v;
    setOverlayState(v);
  };
  const setHelpFirst = (v: number) => {
    live.current.helpFirst = v;
    setHelpFirstState(v);
  };
  const setInput = (v: string) => {
    live.current.input = v;
    setInputState(v);
  };
  const setFilter = (id: ScreenId, v: string) => {
    live.current.filters = { ...live.current.filters, [id]: v };
    setFiltersState(live.current.filters);
  };

  // Only the visible screen's resources (plus the header's) are polled.
  useEffect(() => {
    poller.setDemand(view.resources);
  }, [poller, view]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  useEffect(() => {
    if (!reply?.failed) return;
    const t = setTimeout(() => setReply(undefined), 8000);
    return () => clearTimeout(t);
  }, [reply]);

  /** `:connect URL`: a new connection to the device's new address; the old one stays if it fails. */
  const connect = (arg: string) => {
    if (!reconnect) return;
    const url = connectTarget(arg, session.url);
    const old = session.url;
    setReply({ text: `connecting to ${url}…`, failed: false });
    reconnect({ url }).then(
      () => {
        setReply(undefined);
        setNotice(`connected to ${url}`);
      },
      (e: unknown) =>
        setReply({
          text: `connect ${url} failed: ${e instanceof Error ? e.message : String(e)} (still on ${old})`,
          failed: true,
        }),
    );
  };

  const go = (id: ScreenId) => {
    screenKeys.current = null;
    setScreen(id);
  };

  const runCommand = (command: string) => {
    const { screen: current, filters: fs } = live.current;
    if (command.startsWith('screen.')) return go(command.slice(7) as ScreenId);
    switch (command) {
      case 'app.quit':
        return exit();
      case 'app.help':
        setHelpFirst(0);
        return setOverlay('help');
      case 'app.palette':
        setInput('');
        return setOverlay('palette');
      case 'app.filter':
        setInput(fs[current] ?? '');
        return setOverlay('filter');
      case 'app.refresh':
        poller.refresh();
        return setNotice('refreshing…');
      case 'app.pause':
        poller.setPaused(!poller.isPaused());
        return setNotice(poller.isPaused() ? 'polling paused (p resumes)' : 'polling resumed');
      case 'app.cancel':
        if (fs[current]) setFilter(current, '');
        return;
      case 'app.login':
        if (!reconnect) return setReply({ text: 'this console cannot log in again', failed: true });
        setReply(undefined);
        return openLogin(login, session, reconnect);
    }
  };

  /** `text` is set when the key is printable text (one character, or a pasted run). */
  const onKey = (key: string, text: string | null) => {
    const { overlay: open, input: typed, screen: current } = live.current;
    if (login.handleKey(key, dialogPage(live.current.helpSize.height))) return;
    if (open === 'help') {
      if (key === 'escape' || key === '?' || key === 'q') return setOverlay('none');
      // a help taller than the screen scrolls
      const { width, height } = live.current.helpSize;
      const lines = helpLines(current, session.readonly);
      const now = helpLayout(lines, width, height, live.current.helpFirst);
      const next = helpScroll(key, now.first, now.visible);
      if (next !== undefined) setHelpFirst(helpLayout(lines, width, height, next).first);
      return;
    }
    if (open === 'palette' || open === 'filter') {
      if (key === 'escape') {
        if (open === 'filter') setFilter(current, '');
        setOverlay('none');
        return;
      }
      if (key === 'enter') {
        setOverlay('none');
        if (open === 'palette') {
          const result = runPaletteCommand(typed, {
            go,
            run: runCommand,
            ...(reconnect ? { connect } : {}),
          });
          if (result) setReply({ text: result, failed: true });
        }
        return;
      }
      if (key === 'tab' && open === 'palette') {
        const matches = paletteCommands().filter((c) => c.startsWith(typed.trim()));
        if (matches.length > 0) setInput(commonPrefix(matches));
        return;
      }
      const next = key === 'backspace' ? typed.slice(0, -1) : text !== null ? typed + text : typed;
      setInput(next);
      if (open === 'filter') setFilter(current, next);
      return;
    }
    if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
      if (key === 'q') exit();
      return;
    }
    if (screenKeys.current?.(key)) return;
    const binding = commandFor(key, current);
    if (!binding) return;
    if (binding.scope !== 'global') return; // a screen binding its screen did not take
    runCommand(binding.command);
  };
  const { clock, handler } = useKeyQueue(onKey);
  useInput(handler, { isActive: isRawModeSupported });

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box width={columns} height={rows} flexDirection="column">
        <Text>
          Terminal too small: {columns}×{rows}. pbc needs at least {MIN_COLUMNS}×{MIN_ROWS}.
        </Text>
        <Text>Enlarge the window, or press q to quit.</Text>
      </Box>
    );
  }

  const hints = [
    { key: '1-9', label: 'screens' },
    ...view.hints,
    { key: '/', label: 'filter' },
    { key: '?', label: 'help', pinned: true },
    { key: view.quitKey, label: 'quit', pinned: true },
  ];
  const error = reply ? (reply.failed ? reply.text : undefined) : lastError;
  const info = reply && !reply.failed ? reply.text : notice;
  // the status bar's second line holds the error or, failing that, the notice
  const footerHeight =
    1 + (error || info ? 1 : 0) + (overlay === 'palette' || overlay === 'filter' ? 1 : 0);
  const bodyHeight = rows - HEADER_HEIGHT - footerHeight;
  live.current.helpSize = { width: columns, height: bodyHeight };
  const Screen = view.component;
  return (
    <KeyClockContext.Provider value={clock}>
      <Box width={columns} height={rows} flexDirection="column" overflow="hidden">
        <Header width={columns} screen={screen} demanded={view.resources} />
        <Box height={bodyHeight} width={columns} overflow="hidden">
          {overlay === 'help' ? (
            <HelpOverlay
              screen={screen}
              width={columns}
              height={bodyHeight}
              readonly={session.readonly}
              scroll={helpFirst}
            />
          ) : (
            <>
              {login.dialog ? (
                <DialogView control={login} width={columns} height={bodyHeight} />
              ) : null}
              <Box display={login.dialog ? 'none' : 'flex'} width={columns} height={bodyHeight}>
                <Screen
                  key={screen}
                  width={columns}
                  height={bodyHeight}
                  filter={filter}
                  keys={screenKeys}
                  notify={setNotice}
                />
              </Box>
            </>
          )}
        </Box>
        {overlay === 'palette' || overlay === 'filter' ? (
          <Palette mode={overlay} value={input} width={columns} />
        ) : null}
        <StatusBar
          width={columns}
          hints={hints}
          {...(error ? { error } : {})}
          {...(info ? { info } : {})}
        />
      </Box>
    </KeyClockContext.Provider>
  );
}

function commonPrefix(words: string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}
