import { describe, expect, it } from 'vitest';
import { navCommands } from '../screens/commands.js';
import { type Bound, dispatchKey, strayCommands } from './dispatch.js';
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
  it("a dialog's keys never reach the table: the layers production builds resolve none", () => {
    // use-screen.ts dispatches through [screen, global] with the real BINDINGS; an open dialog
    // takes its keys before that (the screen's key hook), so a `within` binding (the groups
    // editor's ← pick) is for help only — the table gives ← to the app's view.left
    const { ran, h } = recorder();
    const out = dispatchKey('left', [
      { scope: 'groups', handlers: { 'groups.editor.pick': h('dialog') } },
      { scope: 'global', handlers: { 'view.left': h('app') } },
    ]);
    expect(out).toEqual({ kind: 'ran', command: 'view.left' });
    expect(ran).toEqual(['app']);
  });

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

describe('strayCommands', () => {
  it('names commands that no binding of the scope (or a global one) reaches', () => {
    expect(strayCommands('logs', ['logs.wrap', 'nav.up', 'logs.purge'])).toEqual(['logs.purge']);
    expect(strayCommands('ports', ['logs.wrap'], BINDINGS)).toEqual(['logs.wrap']);
  });
});
