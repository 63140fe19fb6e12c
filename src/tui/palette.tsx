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
  tools: 'screen.tools',
  undo: 'app.undo',
};

/**
 * `:port eth-0-2` and friends (as k9s does): the screen, with the item the argument names
 * selected and opened there — or, for the log, filtered to it. Plurals work too.
 */
export const ITEM_COMMANDS = {
  port: { screen: 'ports', usage: 'port NAME', does: "Ports, that port's details" },
  rule: { screen: 'rules', usage: 'rule NAME|COOKIE', does: "Rules, that rule's details" },
  group: { screen: 'groups', usage: 'group ID', does: "Groups, that group's details" },
  savepoint: { screen: 'savepoints', usage: 'savepoint NAME', does: 'Save-points, it selected' },
  log: { screen: 'logs', usage: 'log /TEXT', does: 'Logs, filtered to TEXT' },
} as const satisfies Record<string, { screen: ScreenId; usage: string; does: string }>;

export type ItemKind = keyof typeof ITEM_COMMANDS;

/** The item command a typed word names ('ports' → 'port'), if any. */
function itemKind(word: string): ItemKind | undefined {
  const w = word.toLowerCase().replace(/-/g, '');
  const k = (w in ITEM_COMMANDS ? w : w.replace(/s$/, '')) as ItemKind;
  return k in ITEM_COMMANDS ? k : undefined;
}

/** What `?` shows in the palette: one line per command. */
export const PALETTE_HELP: ReadonlyArray<readonly [string, string]> = [
  ['1-9, a screen name', 'that screen (overview, ports, rules, groups, …)'],
  ...Object.values(ITEM_COMMANDS).map((c) => [c.usage, c.does] as const),
  ['refresh · pause · help', 'refresh now · pause/resume polling · the key list'],
  ['login', 'log in again: user and password'],
  ['connect URL', 'the device at a new address'],
  ['apply FILE', 'the plan of a config file, confirmed like any change (Journal)'],
  ['quit', 'quit pbc'],
  ['Tab · Ctrl-U · Esc', 'complete (names from the device) · clear · close'],
];

/** Everything the palette completes: screen names and app commands. */
export function paletteCommands(): string[] {
  return [
    ...SCREENS.map((s) => s.id),
    ...SCREENS.map((s) => s.title.toLowerCase()),
    ...Object.keys(COMMANDS),
    ...Object.keys(ITEM_COMMANDS),
    'connect',
    'apply',
  ]
    .filter((v, i, a) => a.indexOf(v) === i)
    .sort();
}

/**
 * What Tab can complete `typed` to: after an item command, the names the device has
 * (`port eth-0-1`, …); otherwise the commands.
 */
export function paletteCompletions(
  typed: string,
  names: Partial<Record<ItemKind, readonly string[]>>,
): string[] {
  const m = /^\s*(\S+)\s+(.*)$/.exec(typed);
  const kind = m ? itemKind(m[1]!) : undefined;
  if (m && kind) {
    const word = m[1]!;
    const arg = m[2]!.toLowerCase();
    return (names[kind] ?? [])
      .filter((n) => n.toLowerCase().startsWith(arg))
      .map((n) => `${word} ${n}`);
  }
  return paletteCommands().filter((c) => c.startsWith(typed.trim()));
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
  actions: {
    go(id: ScreenId): void;
    run(command: string): void;
    connect?(arg: string): void;
    /** `:port NAME` and friends: the screen with that item selected and opened. */
    show?(id: ScreenId, item: string): void;
    /** `:log /TEXT`: the screen filtered to TEXT. */
    filter?(id: ScreenId, text: string): void;
    /** `:apply FILE`: the plan of a config file, in a confirmation. */
    apply?(file: string): void;
  },
): string | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  const item = /^(\S+)\s+(.+)$/.exec(text.trim());
  const kind = item ? itemKind(item[1]!) : undefined;
  if (item && kind) {
    const { screen } = ITEM_COMMANDS[kind];
    const arg = item[2]!.trim();
    if (kind === 'log') {
      if (!actions.filter) return 'this console cannot filter the log from here';
      actions.filter(screen, arg.replace(/^\//, ''));
      return undefined;
    }
    if (!actions.show) return `this console cannot open a ${kind} from here`;
    actions.show(screen, arg);
    return undefined;
  }
  if (t === 'apply' || t.startsWith('apply ')) {
    const file = text.trim().slice('apply'.length).trim();
    if (file === '') return 'usage: apply FILE (a config file as pbc export writes it)';
    if (!actions.apply) return 'this console cannot apply a file from here';
    actions.apply(file);
    return undefined;
  }
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

/** `?` typed in the empty palette: its commands, drawn over the screen's body. */
export function PaletteHelp(props: { width: number; height: number }) {
  const left = Math.max(...PALETTE_HELP.map(([c]) => c.length)) + 3;
  return (
    <Box width={props.width} height={props.height} flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate">
        Palette commands (? again hides this)
      </Text>
      {PALETTE_HELP.map(([c, d]) => (
        <Text key={c} wrap="truncate">
          {`:${c}`.padEnd(left)}
          <Text dimColor>{d}</Text>
        </Text>
      ))}
    </Box>
  );
}

export function Palette(props: { mode: 'palette' | 'filter'; value: string; width: number }) {
  const prompt = props.mode === 'palette' ? ':' : '/';
  const hint =
    props.mode === 'palette'
      ? '  (Tab completes, ? lists commands, Enter runs, Esc cancels)'
      : '  (Enter keeps, Esc clears)';
  return <PromptLine prompt={prompt} value={props.value} hint={hint} width={props.width} />;
}

function PromptLine(props: { prompt: string; value: string; hint: string; width: number }) {
  const { prompt, hint } = props;
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
