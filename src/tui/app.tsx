/**
 * The app frame: header, the current screen, the status bar, and overlays (help, command
 * palette, filter line). One input handler routes every key: an open overlay first, then
 * the screen, then the global keymap.
 */
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyHandler } from '../screens/types.js';
import { useConsole, useConsoleState } from '../store/react.js';
import { StatusBar } from '../widgets/index.js';
import { Header, HEADER_HEIGHT } from './header.js';
import { HelpOverlay } from './help.js';
import { commandFor, type ScreenId } from './keymap.js';
import { keyName } from './keys.js';
import { Palette, paletteCommands, runPaletteCommand } from './palette.js';
import { SCREEN_VIEWS } from './screens.js';
import { useTerminalSize } from './use-terminal-size.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

type Overlay = 'none' | 'help' | 'palette' | 'filter';

export function App(props: { initialScreen?: ScreenId }) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const { poller, session } = useConsole();
  const { columns, rows } = useTerminalSize();
  const [screen, setScreen] = useState<ScreenId>(props.initialScreen ?? 'overview');
  const [overlay, setOverlay] = useState<Overlay>('none');
  const [filters, setFilters] = useState<Partial<Record<ScreenId, string>>>({});
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const screenKeys = useRef<KeyHandler | null>(null);
  const lastError = useConsoleState((s) => s.lastError?.message);
  const filter = filters[screen] ?? '';
  const view = SCREEN_VIEWS[screen];

  // Only the visible screen's resources (plus the header's) are polled.
  useEffect(() => {
    poller.setDemand(view.resources);
  }, [poller, view]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  const go = useCallback((id: ScreenId) => {
    screenKeys.current = null;
    setScreen(id);
  }, []);

  const runCommand = useCallback(
    (command: string) => {
      if (command.startsWith('screen.')) return go(command.slice(7) as ScreenId);
      switch (command) {
        case 'app.quit':
          return exit();
        case 'app.help':
          return setOverlay('help');
        case 'app.palette':
          setInput('');
          return setOverlay('palette');
        case 'app.filter':
          setInput(filter);
          return setOverlay('filter');
        case 'app.refresh':
          poller.refresh();
          return setNotice('refreshing…');
        case 'app.pause':
          poller.setPaused(!poller.isPaused());
          return setNotice(poller.isPaused() ? 'polling paused (p resumes)' : 'polling resumed');
        case 'app.cancel':
          if (filter) setFilters((f) => ({ ...f, [screen]: '' }));
          return;
      }
    },
    [exit, filter, go, poller, screen],
  );

  const onKey = useCallback(
    (key: string) => {
      if (overlay === 'help') {
        if (key === 'escape' || key === '?' || key === 'q') setOverlay('none');
        return;
      }
      if (overlay === 'palette' || overlay === 'filter') {
        if (key === 'escape') {
          if (overlay === 'filter') setFilters((f) => ({ ...f, [screen]: '' }));
          setOverlay('none');
          return;
        }
        if (key === 'enter') {
          setOverlay('none');
          if (overlay === 'palette') {
            const result = runPaletteCommand(input, { go, run: runCommand });
            if (result) setNotice(result);
          }
          return;
        }
        if (key === 'tab' && overlay === 'palette') {
          const matches = paletteCommands().filter((c) => c.startsWith(input.trim()));
          if (matches.length > 0) setInput(commonPrefix(matches));
          return;
        }
        const next = key === 'backspace' ? input.slice(0, -1) : key.length === 1 ? input + key : input;
        setInput(next);
        if (overlay === 'filter') setFilters((f) => ({ ...f, [screen]: next }));
        return;
      }
      if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
        if (key === 'q') exit();
        return;
      }
      if (screenKeys.current?.(key)) return;
      const binding = commandFor(key, screen);
      if (!binding) return;
      if (binding.scope !== 'global') return; // a screen binding its screen did not take
      runCommand(binding.command);
    },
    [overlay, input, screen, columns, rows, exit, go, runCommand],
  );

  useInput((inputText, key) => onKey(keyName(inputText, key)), { isActive: isRawModeSupported });

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
    { key: '?', label: 'help' },
    { key: 'q', label: 'quit' },
  ];
  const error = lastError;
  // the status bar's second line holds the error or, failing that, the notice
  const footerHeight = 1 + (error || notice ? 1 : 0) + (overlay === 'palette' || overlay === 'filter' ? 1 : 0);
  const bodyHeight = rows - HEADER_HEIGHT - footerHeight;
  const Screen = view.component;
  return (
    <Box width={columns} height={rows} flexDirection="column" overflow="hidden">
      <Header width={columns} screen={screen} demanded={view.resources} />
      <Box height={bodyHeight} width={columns} overflow="hidden">
        {overlay === 'help' ? (
          <HelpOverlay screen={screen} width={columns} height={bodyHeight} readonly={session.readonly} />
        ) : (
          <Screen key={screen} width={columns} height={bodyHeight} filter={filter} keys={screenKeys} notify={setNotice} />
        )}
      </Box>
      {overlay === 'palette' || overlay === 'filter' ? (
        <Palette mode={overlay} value={input} width={columns} />
      ) : null}
      <StatusBar width={columns} hints={hints} {...(error ? { error } : {})} {...(notice ? { info: notice } : {})} />
    </Box>
  );
}

function commonPrefix(words: string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}
