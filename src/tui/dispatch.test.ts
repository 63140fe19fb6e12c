import { describe, expect, it } from 'vitest';
import { navCommands } from '../screens/commands.js';
import { confirmKey, newConfirm } from '../screens/confirm.js';
import { GROUP_EDITOR_VERBS, groupKey, newGroupForm } from '../screens/groups/editor-state.js';
import { editorKey, newRuleForm, RULE_EDITOR_VERBS } from '../screens/rules/editor-state.js';
import {
  type Bound,
  dialogCommand,
  dispatchKey,
  type Layer,
  resolveKey,
  routeKey,
  strayCommands,
} from './dispatch.js';
import { BINDINGS } from './keymap.js';

const TABLE: Bound[] = [
  { command: 'app.quit', keys: ['q'], scope: 'global' },
  { command: 'app.cancel', keys: ['escape'], scope: 'global' },
  { command: 'rules.delete', keys: ['d'], scope: 'rules' },
  { command: 'rules.quiet', keys: ['q'], scope: 'rules' },
  { command: 'rules.editor.drop', keys: ['d'], scope: 'rules', within: 'editor' },
];

function recorder() {
  const ran: string[] = [];
  const h = (name: string) => () => {
    ran.push(name);
  };
  return { ran, h };
}

describe('dispatchKey', () => {
  it("the screen's binding beats the app's", () => {
    const { ran, h } = recorder();
    const out = dispatchKey(
      'q',
      [
        { scope: 'rules', handlers: { 'rules.quiet': h('screen') } },
        { scope: 'global', handlers: { 'app.quit': h('quit') } },
      ],
      TABLE,
    );
    expect(out).toEqual({ kind: 'ran', command: 'rules.quiet' });
    expect(ran).toEqual(['screen']);
  });

  it("a screen's handler takes over a global command; without one the app's runs", () => {
    const { ran, h } = recorder();
    const app = { scope: 'global', handlers: { 'app.cancel': h('app') } };
    dispatchKey(
      'escape',
      [{ scope: 'ports', handlers: { 'app.cancel': h('screen') } }, app],
      TABLE,
    );
    dispatchKey('escape', [{ scope: 'ports', handlers: null }, app], TABLE);
    expect(ran).toEqual(['screen', 'app']);
  });

  it("a dialog's bindings are not the screen's: in the real table ↓ moves the rules list", () => {
    const { ran, h } = recorder();
    // ↓ is also the rule editor's next field; outside the editor it is the list's move
    const out = dispatchKey('down', [
      { scope: 'rules', handlers: { 'nav.down': h('list'), 'rules.editor.next': h('editor') } },
      { scope: 'global', handlers: {} },
    ]);
    expect(out).toEqual({ kind: 'ran', command: 'nav.down' });
    expect(ran).toEqual(['list']);
  });

  it('an unbound key does nothing', () => {
    const { ran, h } = recorder();
    const out = dispatchKey('z', [{ scope: 'global', handlers: { 'app.quit': h('quit') } }], TABLE);
    expect(out).toEqual({ kind: 'unbound' });
    expect(ran).toEqual([]);
  });

  it('a bound command nobody handles does nothing and is reported as unhandled', () => {
    const { ran, h } = recorder();
    // d is the screen's delete; the app's handlers do not include it, and it never falls through
    const out = dispatchKey(
      'd',
      [
        { scope: 'rules', handlers: {} },
        { scope: 'global', handlers: { 'app.quit': h('quit') } },
      ],
      TABLE,
    );
    expect(out).toEqual({ kind: 'unhandled', command: 'rules.delete' });
    expect(ran).toEqual([]);
  });

  it('every navigation key of the table reaches a list by its nav command', () => {
    const moves: string[] = [];
    const handlers = navCommands((m) => moves.push(m));
    for (const key of ['k', 'up', 'j', 'down', 'pageup', 'pagedown', 'g', 'home', 'G', 'end'])
      dispatchKey(key, [
        { scope: 'logs', handlers },
        { scope: 'global', handlers: null },
      ]);
    expect(moves).toEqual([
      'up',
      'up',
      'down',
      'down',
      'pageUp',
      'pageDown',
      'home',
      'home',
      'end',
      'end',
    ]);
  });
});

describe('the dialog layer (what the editors and confirmations act on)', () => {
  const verbs = (scope: string, bindings: readonly Bound[] = BINDINGS) =>
    bindings
      .filter((b) => b.scope === scope && b.within === 'editor')
      .map((b) => b.command.replace(`${scope}.editor.`, ''))
      .sort();

  it("resolves an open editor's keys in the real table, above the screen's; text is left alone", () => {
    // the frame hands the screen exactly this (use-screen.ts keys.command)
    expect(dialogCommand('ctrl+s', 'rules')).toBe('rules.editor.apply');
    expect(dialogCommand('down', 'rules')).toBe('rules.editor.next');
    expect(dialogCommand('left', 'groups')).toBe('groups.editor.pickPrev');
    // the screen's own layer gives ↓ to its list and ← to the app: not inside the editor
    const screen = [
      { scope: 'rules', handlers: null },
      { scope: 'global', handlers: null },
    ];
    expect(resolveKey('down', screen)).toBe('nav.down');
    // R in any dialog is the one confirm.revert binding; a letter is text
    expect(dialogCommand('R', 'ports')).toBe('confirm.revert');
    expect(dialogCommand('R', 'rules')).toBe('confirm.revert');
    expect(dialogCommand('q', 'rules')).toBeUndefined();
  });

  it('binds every command each editor handles, and nothing it does not', () => {
    expect(verbs('rules')).toEqual([...RULE_EDITOR_VERBS].sort());
    expect(verbs('groups')).toEqual([...GROUP_EDITOR_VERBS].sort());
  });

  it('a key changed in the table changes what the rule editor does', () => {
    const moved = BINDINGS.map((b) =>
      b.command === 'rules.editor.apply' ? { ...b, keys: ['ctrl+o'] } : b,
    );
    const press = (key: string, bindings: readonly Bound[]) =>
      editorKey(newRuleForm('add'), key, {
        commands: (k) => dialogCommand(k, 'rules', bindings),
        env: { ports: [], groups: [], shutPorts: new Set<string>() } as never,
        fixes: [],
        overrideShown: false,
      }).event;
    expect([press('ctrl+s', BINDINGS), press('ctrl+o', BINDINGS)]).toEqual(['apply', 'none']);
    expect([press('ctrl+s', moved), press('ctrl+o', moved)]).toEqual(['none', 'apply']);
  });

  it('a key changed in the table changes what the group editor does', () => {
    const swapped = BINDINGS.map((b) =>
      b.command === 'groups.editor.pickNext'
        ? { ...b, keys: ['left'] }
        : b.command === 'groups.editor.pickPrev'
          ? { ...b, keys: ['right'] }
          : b,
    );
    const env = { ports: [], groups: [], shutPorts: new Set<string>() } as never;
    const form = { ...newGroupForm('add', null, 1), focus: 'type' };
    const typeAfter = (key: string, bindings: readonly Bound[]) =>
      groupKey(form, key, env, false, (k) => dialogCommand(k, 'groups', bindings)).state.type;
    expect(typeAfter('right', swapped)).toBe(typeAfter('left', BINDINGS));
    expect(typeAfter('right', BINDINGS)).not.toBe(typeAfter('left', BINDINGS));
  });
});

describe('R in every confirmation is the one confirm.revert binding', () => {
  it('a key changed in the table changes which key offers auto-revert', () => {
    const moved = BINDINGS.map((b) => (b.command === 'confirm.revert' ? { ...b, keys: ['A'] } : b));
    const offers = (key: string, bindings: readonly Bound[]) =>
      confirmKey(newConfirm(null), key, '', true, true, dialogCommand(key, 'ports', bindings)).state
        .revert !== undefined;
    expect([offers('R', BINDINGS), offers('A', BINDINGS)]).toEqual([true, false]);
    expect([offers('R', moved), offers('A', moved)]).toEqual([false, true]);
  });
});

describe('strayCommands', () => {
  it('names commands that no binding of the scope (or a global one) reaches', () => {
    expect(strayCommands('logs', ['logs.wrap', 'nav.up', 'logs.purge'])).toEqual(['logs.purge']);
    expect(strayCommands('ports', ['logs.wrap'], BINDINGS)).toEqual(['logs.wrap']);
  });
});

describe('routeKey: dialog › editor › screen › app', () => {
  /** A layer above the keymap that records what it reads; `takes` says which keys it uses. */
  const layerOf = (name: string, open: boolean, ran: string[], takes = (_: string) => true) => ({
    open: () => open,
    key: (k: string) => {
      ran.push(`${name}:${k}`);
      return takes(k);
    },
  });
  const screen = (h: ReturnType<typeof recorder>['h']): Layer[] => [
    { scope: 'rules', handlers: { 'rules.delete': h('delete') } },
    { scope: 'global', handlers: { 'app.cancel': h('cancel') } },
  ];

  it('the topmost open layer reads the key; the layers below it and the keymap never see it', () => {
    const { ran, h } = recorder();
    const above = [
      layerOf('confirm', false, ran),
      layerOf('editor', true, ran),
      layerOf('dialog', true, ran),
    ];
    expect(routeKey('d', above, screen(h), TABLE)).toEqual({ kind: 'read' });
    expect(ran).toEqual(['editor:d']);
  });

  it('with no layer open the key goes through the keymap to the screen, then the app', () => {
    const { ran, h } = recorder();
    const above = [layerOf('confirm', false, ran), layerOf('editor', false, ran)];
    expect(routeKey('d', above, screen(h), TABLE)).toEqual({
      kind: 'ran',
      command: 'rules.delete',
    });
    expect(routeKey('escape', above, screen(h), TABLE)).toEqual({
      kind: 'ran',
      command: 'app.cancel',
    });
    expect(ran).toEqual(['delete', 'cancel']);
  });

  it('a key the open layer leaves goes to the keymap', () => {
    const { ran, h } = recorder();
    const above = [layerOf('editor', true, ran, (k) => k !== 'd')];
    expect(routeKey('d', above, screen(h), TABLE)).toEqual({
      kind: 'ran',
      command: 'rules.delete',
    });
    expect(ran).toEqual(['editor:d', 'delete']);
  });
});
