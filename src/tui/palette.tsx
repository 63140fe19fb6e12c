/** `:` command palette and the `/` filter line: one input line above the status bar. */
import { Box } from 'ink';
import { Text } from '../widgets/index.js';
import { BINDINGS, SCREENS, type ScreenId } from './keymap.js';

const COMMANDS: Record<string, string> = {
  refresh: 'app.refresh',
  pause: 'app.pause',
  resume: 'app.pause',
  help: 'app.help',
  quit: 'app.quit',
  login: 'app.login',
  journal: 'screen.journal',
  undo: 'app.undo',
};

/** Everything the palette completes: screen names and app commands. */
export function paletteCommands(): string[] {
  return [
    ...SCREENS.map((s) => s.id),
    ...SCREENS.map((s) => s.title.toLowerCase()),
    ...Object.keys(COMMANDS),
    'connect',
  ]
    .filter((v, i, a) => a.indexOf(v) === i)
    .sort();
}

/**
 * `connect URL`: the device's new address. `host[:port]` alone keeps the scheme of the
 * address in use and gets the `/rest` path.
 */
export function connectTarget(arg: string, current: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(arg)
    ? ''
    : `${current.startsWith('https:') ? 'https' : 'http'}://`;
  const url = `${scheme}${arg}`;
  return /^[a-z][a-z0-9+.-]*:\/\/[^/]+\/*$/i.test(url) ? `${url.replace(/\/+$/, '')}/rest` : url;
}

/** Runs what was typed; returns a message when it is not understood. */
export function runPaletteCommand(
  text: string,
  actions: { go(id: ScreenId): void; run(command: string): void; connect?(arg: string): void },
): string | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'connect' || t.startsWith('connect ')) {
    const arg = text.trim().slice('connect'.length).trim();
    if (arg === '' || /\s/.test(arg))
      return 'usage: connect URL, e.g. connect http://192.0.2.10/rest';
    if (!actions.connect) return 'this console cannot reconnect; restart pbc with --url';
    actions.connect(arg);
    return undefined;
  }
  const screen = SCREENS.find((s) => s.id === t || s.title.toLowerCase() === t || s.key === t);
  if (screen) {
    actions.go(screen.id);
    return undefined;
  }
  const command = COMMANDS[t];
  if (command && BINDINGS.some((b) => b.command === command)) {
    actions.run(command);
    return undefined;
  }
  const near = paletteCommands().filter((c) => c.startsWith(t.slice(0, 2)));
  return `unknown command '${t}'${near.length ? `; try ${near.slice(0, 4).join(', ')}` : ''}`;
}

export function Palette(props: { mode: 'palette' | 'filter'; value: string; width: number }) {
  const prompt = props.mode === 'palette' ? ':' : '/';
  const hint =
    props.mode === 'palette'
      ? '  (Tab completes, Enter runs, Esc cancels)'
      : '  (Enter keeps, Esc clears)';
  return (
    <Box width={props.width} height={1}>
      <Text wrap="truncate">
        <Text bold>{prompt}</Text>
        {props.value}
        <Text inverse> </Text>
        <Text dimColor>{hint}</Text>
      </Text>
    </Box>
  );
}
