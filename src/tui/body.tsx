/**
 * The frame's body: the help overlay, or the current screen — under the `:login` dialog or
 * the palette's help when one is open (the screen stays mounted beneath them, hidden).
 */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { DialogView } from '../screens/dialogs/dialog-view.js';
import type { useDialog } from '../screens/dialogs/use-dialog.js';
import { HelpOverlay } from './help.js';
import { SCREENS, type ScreenId } from './keymap.js';
import { PaletteHelp } from './palette.js';
import { SCREEN_VIEWS } from './screens.js';
import type { useHelp } from './use-help.js';
import type { usePrompt } from './use-prompt.js';
import type { useScreen } from './use-screen.js';

export interface BodyProps {
  screens: ReturnType<typeof useScreen>;
  prompt: ReturnType<typeof usePrompt>;
  help: ReturnType<typeof useHelp> | null;
  login: ReturnType<typeof useDialog>;
  paletteHelp: boolean;
  readonly: boolean;
  notify(message: string): void;
  width: number;
  height: number;
}

export function Body(p: BodyProps) {
  const { screens, prompt, width, height } = p;
  const { screen } = screens;
  if (p.help)
    return (
      <Frame width={width} height={height}>
        <HelpOverlay
          screen={screen}
          width={width}
          height={height}
          readonly={p.readonly}
          scroll={p.help.first}
        />
      </Frame>
    );
  const Screen = SCREEN_VIEWS[screen].component;
  const over = p.login.dialog || p.paletteHelp;
  return (
    <Frame width={width} height={height}>
      {p.login.dialog ? (
        <DialogView control={p.login} width={width} height={height} />
      ) : p.paletteHelp ? (
        <PaletteHelp width={width} height={height} />
      ) : null}
      <Box display={over ? 'none' : 'flex'} width={width} height={height}>
        <Screen
          key={screen}
          width={width}
          height={height}
          filter={prompt.filters[screen] ?? ''}
          keys={screens.keys}
          commands={screens.commands}
          notify={p.notify}
          pick={screens.pick}
          show={(id, item) => {
            const target: ScreenId | undefined = SCREENS.find((x) => x.id === id)?.id;
            if (!target) return;
            prompt.setFilter(target, '');
            screens.show(target, item);
          }}
        />
      </Box>
    </Frame>
  );
}

function Frame(p: { width: number; height: number; children: ReactNode }) {
  return (
    <Box height={p.height} width={p.width} overflow="hidden">
      {p.children}
    </Box>
  );
}
