/**
 * The app frame: header, the current screen, the status bar, and overlays (help, command
 * palette, filter line). One input handler routes every key: the login dialog or an open
 * overlay first, then the screen and the app by command (use-screen.ts, dispatch.ts).
 * What the app commands do: use-app-actions.ts; the palette: use-palette-end.ts; sizes: frame.ts.
 */

import { Box, useApp, useInput, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import { DialogKeysContext } from '../screens/dialog-keys.js';
import { dialogPage } from '../screens/dialogs/dialog-view.js';
import { useDialog } from '../screens/dialogs/use-dialog.js';
import { KeyClockContext } from '../screens/key-clock.js';
import { useConsole, useConsoleState } from '../store/react.js';
import { Text } from '../widgets/index.js';
import { useLive } from '../widgets/use-live.js';
import { Body } from './body.js';
import { dispatchKey } from './dispatch.js';
import { frameSize, MIN_COLUMNS, MIN_ROWS } from './frame.js';
import { useGuardTrips } from './guard-trips.js';
import { HEADER_HEIGHT, Header } from './header.js';
import { useKeyQueue } from './key-queue.js';
import type { ScreenId } from './keymap.js';
import { useOutsideChanges } from './outside-changes.js';
import { Palette } from './palette.js';
import { createPendingFeed } from './pending-feed.js';
import { ScreenStatusBar } from './screen-hints.js';
import { SCREEN_VIEWS } from './screens.js';
import { type Overlay, useAppActions } from './use-app-actions.js';
import { useHelp } from './use-help.js';
import { useMessages } from './use-messages.js';
import { usePaletteEnd } from './use-palette-end.js';
import { usePrompt } from './use-prompt.js';
import { useScreen } from './use-screen.js';
import { useTerminalSize } from './use-terminal-size.js';

export { MIN_COLUMNS, MIN_ROWS };

export function App(props: { initialScreen?: ScreenId }) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const { poller, session } = useConsole();
  const { columns, rows } = useTerminalSize();
  const screens = useScreen(props.initialScreen ?? 'overview');
  const [overlay, setOverlay, liveOverlay] = useLive<Overlay>('none');
  const prompt = usePrompt();
  const help = useHelp(session.readonly, () => setOverlay('none'));
  const { notice, setNotice, announce, reply, setReply } = useMessages();
  // `:login`'s form, over the screen (which stays mounted underneath)
  const login = useDialog(setNotice);
  // the pending file, read once a second for the header and the guard outcomes alike
  const [pending] = useState(createPendingFeed);
  useGuardTrips(pending, session.url, announce);
  useOutsideChanges(announce);
  const lastError = useConsoleState((s) => s.lastError?.message);
  const { screen } = screens;
  const view = SCREEN_VIEWS[screen];
  const error = reply ? (reply.failed ? reply.text : undefined) : lastError;
  const info = reply && !reply.failed ? reply.text : notice;
  const prompting = overlay === 'palette' || overlay === 'filter';
  // the status bar's second line holds the error or, failing that, the notice
  const frame = frameSize(columns, rows, HEADER_HEIGHT, { message: !!(error || info), prompting });

  // Only the visible screen's resources (plus the header's) are polled.
  useEffect(() => {
    poller.setDemand(view.resources);
  }, [poller, view]);

  const parts = { screens, prompt, help, login, setOverlay, setNotice, setReply };
  const app = useAppActions(parts);
  const paletteEnd = usePaletteEnd(parts, app);

  /** `text` is set when the key is printable text (one character, or a pasted run). */
  const onKey = (key: string, text: string | null) => {
    const open = liveOverlay.current;
    const current = screens.live.current;
    if (login.handleKey(key, dialogPage(help.size.current.height))) return;
    if (open === 'help') return help.handleKey(key, current);
    if (open === 'palette' || open === 'filter')
      return prompt.handleKey(open, key, text, current, paletteEnd);
    // too small to show a screen: only quitting works
    if (frame.tooSmall) dispatchKey(key, [{ scope: 'global', handlers: { 'app.quit': exit } }]);
    else screens.dispatch(key, app);
  };
  const { clock, handler } = useKeyQueue(onKey, exit);
  useInput(handler, { isActive: isRawModeSupported });

  help.size.current = { width: columns, height: frame.body };
  return (
    <KeyClockContext.Provider value={clock}>
      <DialogKeysContext.Provider value={screens.keys.command}>
        {frame.tooSmall ? <TooSmall columns={columns} rows={rows} /> : null}
        <Box
          display={frame.tooSmall ? 'none' : 'flex'}
          width={frame.columns}
          height={frame.rows}
          flexDirection="column"
          overflow="hidden"
        >
          <Header
            width={frame.columns}
            screen={screen}
            demanded={view.resources}
            pending={pending}
          />
          <Body
            {...{ screens, prompt, login }}
            help={overlay === 'help' ? help : null}
            paletteHelp={overlay === 'palette' && prompt.help}
            readonly={session.readonly}
            notify={setNotice}
            width={frame.columns}
            height={frame.body}
          />
          {prompting ? <Palette mode={overlay} value={prompt.input} width={frame.columns} /> : null}
          <ScreenStatusBar
            hints={screens.hints}
            screen={screen}
            readonly={session.readonly}
            width={frame.columns}
            error={error}
            info={info}
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
