/**
 * The one table of key bindings. Dispatch (dispatch.ts) and the `?` help overlay both read
 * it, so what help shows is what the keys do. No bindings on Ctrl-D or Ctrl-h/j/k/l (terminals and tmux
 * take them).
 */
import { GUARD_COMMAND, GUARD_KEY, REVERT_COMMAND, REVERT_KEY } from '../widgets/confirm-keys.js';
import { NAV } from '../widgets/list-state.js';

export type ScreenId =
  | 'overview'
  | 'ports'
  | 'rules'
  | 'groups'
  | 'savepoints'
  | 'logs'
  | 'users'
  | 'apps'
  | 'device'
  | 'journal'
  | 'fleet'
  | 'tools';

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
  /**
   * Bound only inside a dialog of the screen (its editor; with scope 'global', every
   * confirmation), the layer above the screen: the screen's own keys do not resolve it. The
   * editors and confirmations act on what this layer resolves (dispatch.ts `dialogCommand`).
   */
  within?: 'editor';
  /**
   * What the key means, the same on every screen that binds it: required on every binding
   * of a key that writes anywhere (`d` deletes wherever it is bound), so that a dangerous key
   * never changes meaning between screens (src/tui/key-meanings.test.ts holds the table to it).
   */
  meaning?: Meaning;
}

/** The one meaning of each key that changes the device somewhere (docs/keys.md lists them). */
export const MEANINGS = {
  open: 'open the selected item (its details or its form; never sends by itself)',
  add: 'add a new item (a rule, group, user, app instance, controller)',
  edit: 'edit the selected item',
  clone: 'copy the selected item into the editor as a new one',
  delete: 'delete (stop) the selected item, after confirmation',
  deleteAll: 'delete ALL items of the screen (type delete to confirm)',
  zero: 'zero what the device counted or logged (rule counters, the device log), never its configuration',
  new: 'new save-point from the current rules / ports',
  quicksave: 'quicksave the active rules as a save-point',
  activate: 'activate the selected save-point',
  boot: 'make the selected save-point the one the device boots with',
  modify: 'modify the selected save-point: rename, describe, override',
  import: 'import save-points from a file',
  uac: 'user access control (UAC) on/off',
  settings: "edit the screen's own settings (Users: RADIUS)",
  action: 'run an action of the selected app instance',
  reboot: 'reboot the device',
  led: 'the ID LED on/off',
  undo: 'undo a change you made: its inverse, shown and confirmed like any change',
  apply:
    "apply a file to the device after the one confirmation (Tools: the intents compiled into pbc's band)",
} as const;
export type Meaning = keyof typeof MEANINGS;

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
  ...SCREENS.map((s) => ({
    command: `screen.${s.id}`,
    keys: [s.key],
    label: s.title,
    scope: 'global' as const,
  })),
  { command: 'app.palette', keys: [':'], label: 'command palette', scope: 'global', hint: true },
  { command: 'app.filter', keys: ['/'], label: 'filter the list', scope: 'global', hint: true },
  { command: 'app.help', keys: ['?'], label: 'help', scope: 'global', hint: true },
  { command: 'app.refresh', keys: ['r'], label: 'refresh now', scope: 'global', hint: true },
  { command: 'app.pause', keys: ['p'], label: 'pause/resume polling', scope: 'global', hint: true },
  { command: 'app.quit', keys: ['q'], label: 'quit', scope: 'global', hint: true },
  {
    command: 'app.confirmRevert',
    keys: ['C'],
    label: 'confirm: keep the change waiting for its auto-revert (REVERT IN … in the header)',
    scope: 'global',
    // not `write`: it only deletes pbc's own pbc-revert save-point (refused when read-only)
  },
  {
    // one binding for every confirmation (rules, groups, ports, save-points, users, apps,
    // device, logs, undo): offered wherever the change has a revert recipe
    command: REVERT_COMMAND,
    keys: [REVERT_KEY],
    label:
      'in a confirmation: apply, revert in 5 min unless confirmed (C); offered where the change can be reverted',
    scope: 'global',
    within: 'editor',
  },
  {
    // beside R, wherever R is offered: the same revert, and the traffic watched meanwhile
    command: GUARD_COMMAND,
    keys: [GUARD_KEY],
    label:
      'in a confirmation: guarded change, watch the traffic 5 min and revert at once if a guard trips (C keeps)',
    scope: 'global',
    within: 'editor',
  },
  // typed in the palette; no single key runs it
  {
    command: 'app.login',
    keys: [':login'],
    label: 'log in again: user and password (masked)',
    scope: 'global',
  },
  // the journal is a screen without a number key (docs/safety.md)
  { command: 'screen.journal', keys: ['J'], label: 'Journal', scope: 'global' },
  // the tools screen: tool intents against the rules (docs/tools.md); every number key is taken
  {
    command: 'screen.tools',
    keys: ['T'],
    label: 'Tools: what each tool port gets against its intents (f file, Enter classes)',
    scope: 'global',
  },
  {
    command: 'tools.detail',
    keys: ['enter'],
    label: "list the tool's starved and extra classes with the rule responsible",
    scope: 'tools',
    meaning: 'open',
    hint: true,
  },
  {
    command: 'tools.trace',
    keys: ['t'],
    label: "trace an example packet of the tool's first starved or extra class",
    scope: 'tools',
    hint: true,
  },
  {
    command: 'tools.file',
    keys: ['f'],
    label: 'name the intents file (a config file with a tools: section)',
    scope: 'tools',
    hint: true,
  },
  {
    // not `a`: a writing key means one thing on every screen, and `a` adds a new item
    command: 'tools.apply',
    keys: ['W'],
    label: "apply the file's intents: the band's rules replaced as pbc tools apply does",
    scope: 'tools',
    write: true,
    hint: true,
    meaning: 'apply',
  },
  // the fleet screen: every device of a --fleet console (docs/fleet.md); not a tab
  {
    command: 'screen.fleet',
    keys: ['0'],
    label: 'Fleet: every device of the --fleet (Enter opens one, 0 comes back)',
    scope: 'global',
  },
  {
    command: 'fleet.open',
    keys: ['enter'],
    label: 'open the device: the whole console switches to it',
    scope: 'fleet',
    meaning: 'open',
    hint: true,
  },
  {
    command: 'fleet.sort',
    keys: ['s'],
    label: 'sort by the next column: device, state, alarms, ports, TCAM, rx, tx',
    scope: 'fleet',
    hint: true,
  },
  { command: 'fleet.reverse', keys: ['S'], label: 'reverse sort', scope: 'fleet' },
  {
    command: 'app.undo',
    keys: ['u'],
    label: 'undo your latest change (on Journal: the selected one); asks first',
    scope: 'global',
    write: true,
    meaning: 'undo',
  },
  {
    command: 'journal.detail',
    keys: ['enter'],
    label: 'request and before/after',
    scope: 'journal',
    meaning: 'open',
    hint: true,
  },
  {
    command: 'app.cancel',
    keys: ['escape'],
    label: 'close overlay / clear filter',
    scope: 'global',
  },
  ...NAV.map((n) => ({
    command: n.command,
    keys: n.keys,
    label: n.label,
    scope: 'global' as const,
  })),
  // a panel wider than the terminal (a port's transceiver table, a rule's long matches)
  {
    command: 'view.left',
    keys: ['left'],
    label: 'scroll a wide panel left (Home: back to its start)',
    scope: 'global',
  },
  { command: 'view.right', keys: ['right'], label: 'scroll a wide panel right', scope: 'global' },
  {
    command: 'overview.open',
    keys: ['enter'],
    label: 'open the selected item: a port, a sensor (on Device), a top rule',
    scope: 'overview',
    hint: true,
    meaning: 'open',
  },
  {
    command: 'ports.sort',
    keys: ['s'],
    label: 'sort by the next column: from PORT, ERR/s (errors now) first, then DROP/s, LINE%, …',
    scope: 'ports',
    hint: true,
  },
  {
    command: 'ports.sortLeft',
    keys: ['<'],
    label: 'sort by the column left of the sorted one',
    scope: 'ports',
  },
  {
    command: 'ports.sortRight',
    keys: ['>'],
    label: 'sort by the column right of the sorted one',
    scope: 'ports',
  },
  { command: 'ports.reverse', keys: ['S'], label: 'reverse sort', scope: 'ports' },
  {
    command: 'ports.detail',
    keys: ['enter'],
    label: 'port details',
    scope: 'ports',
    hint: true,
    meaning: 'open',
  },
  {
    command: 'ports.edit',
    keys: ['e'],
    label: 'edit the port: speed, duplex, shutdown, xg_speed, options (WRITE)',
    scope: 'ports',
    write: true,
    hint: true,
    meaning: 'edit',
  },
  {
    command: 'ports.trace',
    keys: ['t'],
    label: 'trace a packet arriving on the port: which rule, where it goes',
    scope: 'ports',
    hint: true,
  },
  {
    command: 'logs.follow',
    keys: ['f'],
    label: 'follow new lines on/off',
    scope: 'logs',
    hint: true,
  },
  { command: 'logs.wrap', keys: ['w'], label: 'wrap long lines on/off', scope: 'logs', hint: true },
  {
    command: 'logs.timestamps',
    keys: ['t'],
    label: 'timestamps on/off',
    scope: 'logs',
    hint: true,
  },
  {
    command: 'logs.level',
    keys: ['L'],
    label: 'level: show only lines at a minimum severity (critical, errors, warnings, … all)',
    scope: 'logs',
    hint: true,
  },
  {
    command: 'logs.clear',
    keys: ['z'],
    label: 'zero the device log: clear it (SUPER)',
    scope: 'logs',
    write: true,
    meaning: 'zero',
  },
  {
    command: 'rules.add',
    keys: ['a'],
    label: 'add a rule in the editor (TCAM preview, shadowing)',
    scope: 'rules',
    write: true,
    hint: true,
    meaning: 'add',
  },
  {
    command: 'rules.edit',
    keys: ['e'],
    label: 'edit the selected rule',
    scope: 'rules',
    write: true,
    hint: true,
    meaning: 'edit',
  },
  {
    command: 'rules.clone',
    keys: ['c'],
    label: 'clone the selected rule into the editor',
    scope: 'rules',
    write: true,
    meaning: 'clone',
  },
  {
    command: 'rules.delete',
    keys: ['d'],
    label: 'delete the selected rule, after confirmation',
    scope: 'rules',
    write: true,
    hint: true,
    meaning: 'delete',
  },
  {
    command: 'rules.deleteAll',
    keys: ['D'],
    label: 'delete ALL rules (type delete to confirm)',
    scope: 'rules',
    write: true,
    meaning: 'deleteAll',
  },
  {
    command: 'rules.counters',
    keys: ['z'],
    label: 'zero the packet and byte counters of all rules',
    scope: 'rules',
    write: true,
    meaning: 'zero',
  },
  {
    command: 'rules.detail',
    keys: ['enter'],
    label: 'details of the rule: counters, shadowing',
    scope: 'rules',
    hint: true,
    meaning: 'open',
  },
  {
    command: 'rules.sort',
    keys: ['s'],
    label: 'sort by next column (prio, name, flows, packets, bytes, rate)',
    scope: 'rules',
  },
  { command: 'rules.reverse', keys: ['S'], label: 'reverse sort', scope: 'rules' },
  {
    command: 'rules.trace',
    keys: ['t'],
    label: "trace a packet (prefilled from the rule's match): which rule meets it, where it goes",
    scope: 'rules',
    hint: true,
  },
  // the rule editor's keys: the editor layer above the screen (dispatch.ts dialogCommand);
  // the editor does what these say, so a key changed here changes the editor
  {
    command: 'rules.editor.apply',
    keys: ['ctrl+s'],
    label: 'editor: apply (shows the exact request to confirm)',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.cancel',
    keys: ['escape'],
    label: 'editor: close (asks first when something was typed)',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.next',
    keys: ['down'],
    label: 'editor: next field',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.prev',
    keys: ['up', 'shift+tab'],
    label: 'editor: previous field',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.complete',
    keys: ['tab'],
    label: 'editor: complete the field (next field when nothing completes)',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.remove',
    keys: ['ctrl+x'],
    label: 'editor: remove the match field or action',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.moveUp',
    keys: ['ctrl+up'],
    label: 'editor: move the action up',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.moveDown',
    keys: ['ctrl+down'],
    label: 'editor: move the action down',
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'rules.editor.fix',
    keys: ['ctrl+f'],
    label: "editor: apply the offered fix (e.g. add 'tcp')",
    scope: 'rules',
    within: 'editor',
  },
  {
    command: 'groups.add',
    keys: ['a'],
    label: 'add a group (bucket editor, impact preview)',
    scope: 'groups',
    write: true,
    hint: true,
    meaning: 'add',
  },
  {
    command: 'groups.edit',
    keys: ['e'],
    label: 'edit the selected group (PUT keeps its rules)',
    scope: 'groups',
    write: true,
    hint: true,
    meaning: 'edit',
  },
  {
    command: 'groups.delete',
    keys: ['d'],
    label: 'delete the selected group, after confirmation',
    scope: 'groups',
    write: true,
    hint: true,
    meaning: 'delete',
  },
  {
    command: 'groups.deleteAll',
    keys: ['D'],
    label: 'delete ALL groups and the rules using them (type delete)',
    scope: 'groups',
    write: true,
    meaning: 'deleteAll',
  },
  {
    command: 'groups.detail',
    keys: ['enter'],
    label: 'details of the group: buckets, rules using it',
    scope: 'groups',
    hint: true,
    meaning: 'open',
  },
  // the group editor's keys (the editor layer, as the rule editor's)
  {
    command: 'groups.editor.apply',
    keys: ['ctrl+s'],
    label: 'editor: apply (shows the call and its impact first)',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.cancel',
    keys: ['escape'],
    label: 'editor: close (asks first when something was typed)',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.next',
    keys: ['down'],
    label: 'editor: next field',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.prev',
    keys: ['up', 'shift+tab'],
    label: 'editor: previous field',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.complete',
    keys: ['tab'],
    label: 'editor: complete the field (next field when nothing completes)',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.remove',
    keys: ['ctrl+x'],
    label: 'editor: remove the bucket',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.pickPrev',
    keys: ['left'],
    label: 'editor: pick the previous group type / watch port',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'groups.editor.pickNext',
    keys: ['right'],
    label: 'editor: pick the next group type / watch port',
    scope: 'groups',
    within: 'editor',
  },
  {
    command: 'savepoints.pane',
    keys: ['tab', 'shift+tab'],
    label: 'switch between rule and port save-points',
    scope: 'savepoints',
  },
  {
    command: 'savepoints.open',
    keys: ['enter'],
    label: 'open the content: rules and groups, or port settings',
    scope: 'savepoints',
    hint: true,
    meaning: 'open',
  },
  {
    command: 'savepoints.mark',
    keys: [' '],
    label: 'mark for a diff of two save-points (v on another)',
    scope: 'savepoints',
  },
  {
    command: 'savepoints.diff',
    keys: ['v'],
    label: 'diff against the active set (or the marked one)',
    scope: 'savepoints',
    hint: true,
  },
  {
    command: 'savepoints.new',
    keys: ['n'],
    label: 'new save-point from the current rules / ports',
    scope: 'savepoints',
    write: true,
    hint: true,
    meaning: 'new',
  },
  {
    command: 'savepoints.quicksave',
    keys: ['N'],
    label: "quicksave: save the active rules to 'Quicksave', the boot save-point",
    scope: 'savepoints',
    write: true,
    meaning: 'quicksave',
  },
  {
    command: 'savepoints.activate',
    keys: ['A'],
    label: 'activate after showing the diff and TCAM check',
    scope: 'savepoints',
    write: true,
    hint: true,
    meaning: 'activate',
  },
  {
    command: 'savepoints.boot',
    keys: ['b'],
    label: 'boot with this rule save-point, after confirmation (SUPER)',
    scope: 'savepoints',
    write: true,
    meaning: 'boot',
  },
  {
    command: 'savepoints.modify',
    keys: ['m'],
    label: 'modify: rename, describe, override with current',
    scope: 'savepoints',
    write: true,
    meaning: 'modify',
  },
  {
    command: 'savepoints.delete',
    keys: ['d'],
    label: 'delete, after confirmation',
    scope: 'savepoints',
    write: true,
    meaning: 'delete',
  },
  {
    command: 'savepoints.export',
    keys: ['x'],
    label: 'export the selected (or marked) to a file',
    scope: 'savepoints',
  },
  {
    command: 'savepoints.import',
    keys: ['i'],
    label: 'import an exported file as new save-points',
    scope: 'savepoints',
    write: true,
    meaning: 'import',
  },
  {
    command: 'users.add',
    keys: ['a'],
    label: 'add a user (SUPER)',
    scope: 'users',
    write: true,
    hint: true,
    meaning: 'add',
  },
  {
    command: 'users.edit',
    keys: ['e'],
    label: 'edit the user: name, password, level, description (SUPER)',
    scope: 'users',
    write: true,
    hint: true,
    meaning: 'edit',
  },
  {
    command: 'users.open',
    keys: ['enter'],
    label: "open the selected user's form (as e)",
    scope: 'users',
    write: true,
    meaning: 'open',
  },
  {
    command: 'users.delete',
    keys: ['d'],
    label: 'delete the user, after confirmation (SUPER)',
    scope: 'users',
    write: true,
    hint: true,
    meaning: 'delete',
  },
  {
    command: 'users.uac',
    keys: ['U'],
    label: 'UAC on/off, with a lockout check (SUPER)',
    scope: 'users',
    write: true,
    hint: true,
    meaning: 'uac',
  },
  {
    command: 'users.radius',
    keys: ['E'],
    label: 'RADIUS settings: server, port, secret, level, refresh (SUPER)',
    scope: 'users',
    write: true,
    hint: true,
    meaning: 'settings',
  },
  { command: 'users.secret', keys: ['v'], label: 'view/hide the RADIUS secret', scope: 'users' },
  {
    command: 'apps.pane',
    keys: ['tab', 'shift+tab'],
    label: 'switch between available apps and running instances',
    scope: 'apps',
  },
  {
    command: 'apps.start',
    keys: ['a'],
    label: 'add: start an instance of the app (WRITE)',
    scope: 'apps',
    write: true,
    hint: true,
    meaning: 'add',
  },
  {
    command: 'apps.modify',
    keys: ['e'],
    label: 'edit the running instance: parameters, description (WRITE)',
    scope: 'apps',
    write: true,
    hint: true,
    meaning: 'edit',
  },
  {
    command: 'apps.enter',
    keys: ['enter'],
    label: 'start (available app) or edit (running instance)',
    scope: 'apps',
    write: true,
    meaning: 'open',
  },
  {
    command: 'apps.stop',
    keys: ['d'],
    label: 'stop the instance, after confirmation (WRITE)',
    scope: 'apps',
    write: true,
    hint: true,
    meaning: 'delete',
  },
  {
    command: 'apps.action',
    keys: ['!'],
    label: 'run an action of the instance: a digit picks, then a confirmation',
    scope: 'apps',
    write: true,
    hint: true,
    meaning: 'action',
  },
  {
    command: 'device.edit',
    keys: ['enter'],
    label: 'change the selected setting',
    scope: 'device',
    write: true,
    hint: true,
    meaning: 'open',
  },
  {
    command: 'device.reboot',
    keys: ['B'],
    label: 'reboot the device, then reconnect (SUPER)',
    scope: 'device',
    write: true,
    hint: true,
    meaning: 'reboot',
  },
  {
    command: 'device.led',
    keys: ['l'],
    label: 'LED (ID LED) on/off (WRITE)',
    scope: 'device',
    write: true,
    meaning: 'led',
  },
  {
    command: 'device.controllers',
    keys: ['tab'],
    label: 'controllers list, or back to the settings (a adds, d deletes)',
    scope: 'device',
    hint: true,
  },
  {
    command: 'device.controllerAdd',
    keys: ['a'],
    label: 'add a controller, in the list (SUPER)',
    scope: 'device',
    write: true,
    meaning: 'add',
  },
  {
    command: 'device.controllerDelete',
    keys: ['d'],
    label: 'delete the controller, in the list (SUPER)',
    scope: 'device',
    write: true,
    meaning: 'delete',
  },
];

export function bindingsFor(screen: ScreenId): Binding[] {
  return BINDINGS.filter((b) => b.scope === 'global' || b.scope === screen);
}

export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    escape: 'Esc',
    enter: 'Enter',
    up: '↑',
    down: '↓',
    pageup: 'PgUp',
    pagedown: 'PgDn',
    home: 'Home',
    end: 'End',
    tab: 'Tab',
    'shift+tab': 'Shift-Tab',
    ' ': 'Space',
    left: '←',
    right: '→',
    'ctrl+up': 'Ctrl-↑',
    'ctrl+down': 'Ctrl-↓',
    'ctrl+s': 'Ctrl-S',
    'ctrl+x': 'Ctrl-X',
    'ctrl+f': 'Ctrl-F',
  };
  return names[key] ?? key;
}
