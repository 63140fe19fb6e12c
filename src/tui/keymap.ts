/**
 * The one table of key bindings. Dispatch and the `?` help overlay both read it, so what
 * help shows is what the keys do. No bindings on Ctrl-D or Ctrl-h/j/k/l (terminals and tmux
 * take them).
 */
export type ScreenId = 'overview' | 'ports' | 'rules' | 'groups' | 'savepoints' | 'logs' | 'users' | 'apps' | 'device';

export interface Binding {
  command: string;
  keys: readonly string[];
  label: string;
  /** 'global', or the screen the binding belongs to. */
  scope: 'global' | ScreenId;
  /** Changes the device (disabled in --readonly). */
  write?: boolean;
  /** Shown in the status bar's hint line. */
  hint?: boolean;
}

export const SCREENS: ReadonlyArray<{ id: ScreenId; key: string; title: string }> = [
  { id: 'overview', key: '1', title: 'Overview' },
  { id: 'ports', key: '2', title: 'Ports' },
  { id: 'rules', key: '3', title: 'Rules' },
  { id: 'groups', key: '4', title: 'Groups' },
  { id: 'savepoints', key: '5', title: 'Save-points' },
  { id: 'logs', key: '6', title: 'Logs' },
  { id: 'users', key: '7', title: 'Users' },
  { id: 'apps', key: '8', title: 'Apps' },
  { id: 'device', key: '9', title: 'Device' },
];

export const BINDINGS: readonly Binding[] = [
  ...SCREENS.map((s) => ({ command: `screen.${s.id}`, keys: [s.key], label: s.title, scope: 'global' as const })),
  { command: 'app.palette', keys: [':'], label: 'command palette', scope: 'global', hint: true },
  { command: 'app.filter', keys: ['/'], label: 'filter the list', scope: 'global', hint: true },
  { command: 'app.help', keys: ['?'], label: 'help', scope: 'global', hint: true },
  { command: 'app.refresh', keys: ['r'], label: 'refresh now', scope: 'global', hint: true },
  { command: 'app.pause', keys: ['p'], label: 'pause/resume polling', scope: 'global', hint: true },
  { command: 'app.quit', keys: ['q'], label: 'quit', scope: 'global', hint: true },
  { command: 'app.cancel', keys: ['escape'], label: 'close overlay / clear filter', scope: 'global' },
  { command: 'nav.up', keys: ['up', 'k'], label: 'move up', scope: 'global' },
  { command: 'nav.down', keys: ['down', 'j'], label: 'move down', scope: 'global' },
  { command: 'nav.pageUp', keys: ['pageup'], label: 'page up', scope: 'global' },
  { command: 'nav.pageDown', keys: ['pagedown'], label: 'page down', scope: 'global' },
  { command: 'nav.top', keys: ['g', 'home'], label: 'first line', scope: 'global' },
  { command: 'nav.bottom', keys: ['G', 'end'], label: 'last line', scope: 'global' },
  { command: 'ports.sort', keys: ['s'], label: 'sort by next column', scope: 'ports', hint: true },
  { command: 'ports.reverse', keys: ['S'], label: 'reverse sort', scope: 'ports' },
  { command: 'ports.detail', keys: ['enter'], label: 'port details', scope: 'ports', hint: true },
  { command: 'logs.follow', keys: ['f'], label: 'follow new lines on/off', scope: 'logs', hint: true },
  { command: 'logs.wrap', keys: ['w'], label: 'wrap long lines on/off', scope: 'logs', hint: true },
  { command: 'logs.timestamps', keys: ['t'], label: 'timestamps on/off', scope: 'logs', hint: true },
  { command: 'logs.clear', keys: ['D'], label: 'clear the device log (SUPER)', scope: 'logs', write: true },
];

/** The command a key runs on a screen: the screen's own bindings win over global ones. */
export function commandFor(key: string, screen: ScreenId): Binding | undefined {
  return (
    BINDINGS.find((b) => b.scope === screen && b.keys.includes(key)) ??
    BINDINGS.find((b) => b.scope === 'global' && b.keys.includes(key))
  );
}

export function bindingsFor(screen: ScreenId): Binding[] {
  return BINDINGS.filter((b) => b.scope === 'global' || b.scope === screen);
}

export function keyLabel(key: string): string {
  const names: Record<string, string> = { escape: 'Esc', enter: 'Enter', up: '↑', down: '↓', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End', tab: 'Tab' };
  return names[key] ?? key;
}
