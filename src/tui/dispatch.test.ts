import { describe, expect, it } from 'vitest';
import { navCommands } from '../screens/commands.js';
import { dispatchKey, strayCommands } from './dispatch.js';
import { BINDINGS, type Binding } from './keymap.js';

const TABLE: Binding[] = [
  { command: 'app.quit', keys: ['q'], label: 'quit', scope: 'global' },
  { command: 'app.cancel', keys: ['escape'], label: 'cancel', scope: 'global' },
  { command: 'rules.delete', keys: ['d'], label: 'delete', scope: 'rules', write: true },
  { command: 'rules.quiet', keys: ['q'], label: 'screen q', scope: 'rules' },
  { command: 'rules.editor.drop', keys: ['d'], label: 'dialog d', scope: 'rules.editor' },
];

function recorder() {
  const ran: string[] = [];
  const h = (name: string) => () => {
    ran.push(name);
  };
  return { ran, h };
}

describe('dispatchKey', () => {
  it("a dialog's binding beats the screen's", () => {
    const { ran, h } = recorder();
    const out = dispatchKey(
      'd',
      [
        { scope: 'rules.editor', handlers: { 'rules.editor.drop': h('dialog') } },
        { scope: 'rules', handlers: { 'rules.delete': h('screen') } },
        { scope: 'global', handlers: {} },
      ],
      TABLE,
    );
    expect(out).toEqual({ kind: 'ran', command: 'rules.editor.drop' });
    expect(ran).toEqual(['dialog']);
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
  it('names handlers that no binding of the scope (or global) reaches', () => {
    const noop = () => {};
    expect(
      strayCommands('logs', { 'logs.wrap': noop, 'nav.up': noop, 'logs.purge': noop }),
    ).toEqual(['logs.purge']);
    expect(strayCommands('ports', { 'logs.wrap': noop }, BINDINGS)).toEqual(['logs.wrap']);
  });
});
