/**
 * Walks the keymap: a key that changes the device on one screen means the same thing on every
 * screen that binds it (`d` deletes wherever it is bound), and no screen takes a key that works
 * everywhere (`q` quits on every screen).
 */
import { describe, expect, it } from 'vitest';
import { BINDINGS, type Binding, MEANINGS } from './keymap.js';

/** What a binding means: its declared meaning, else its own command (a meaning of its own). */
const meaningOf = (b: Binding) => b.meaning ?? b.command;

const byKey = new Map<string, Binding[]>();
for (const b of BINDINGS) for (const k of b.keys) byKey.set(k, [...(byKey.get(k) ?? []), b]);

describe('keys that mean one thing', () => {
  it('a key bound to a write anywhere means the same on every screen that binds it', () => {
    const mixed: string[] = [];
    for (const [key, bindings] of byKey) {
      if (!bindings.some((b) => b.write)) continue;
      const meanings = new Set(bindings.map(meaningOf));
      if (meanings.size > 1)
        mixed.push(`${key}: ${bindings.map((b) => `${b.scope} ${meaningOf(b)}`).join(', ')}`);
    }
    expect(mixed).toEqual([]);
  });

  it('every write binding says what its key means, from the one table of meanings', () => {
    const unsaid = BINDINGS.filter((b) => b.write && !(b.meaning && b.meaning in MEANINGS));
    expect(unsaid.map((b) => b.command)).toEqual([]);
  });

  it('no screen binds a key that works everywhere (a global key is never shadowed)', () => {
    const global = new Set(BINDINGS.filter((b) => b.scope === 'global').flatMap((b) => b.keys));
    const shadowing = BINDINGS.filter(
      (b) => b.scope !== 'global' && !b.within && b.keys.some((k) => global.has(k)),
    );
    expect(shadowing.map((b) => `${b.command} (${b.keys.join('/')})`)).toEqual([]);
  });

  it('R is one binding, inside every confirmation (apply with auto-revert), never a screen key', () => {
    const r = BINDINGS.filter((b) => b.keys.includes('R'));
    expect(r.map((b) => [b.command, b.scope, b.within])).toEqual([
      ['confirm.revert', 'global', 'editor'],
    ]);
  });

  it('keeps the keys other changes give a console-wide meaning free on every screen', () => {
    // u undo, J journal, C confirm a pending auto-revert (global); R applies with auto-revert
    // inside the confirmation; t is the packet trace on Rules and Ports (it never writes)
    const reserved = ['u', 'J', 'C', 'R'];
    const taken = BINDINGS.filter(
      (b) =>
        b.scope !== 'global' &&
        (b.keys.some((k) => reserved.includes(k)) || (b.write && b.keys.includes('t'))),
    );
    expect(taken.map((b) => b.command)).toEqual([]);
  });
});

describe('the fleet keys', () => {
  it('0 opens the fleet screen from every screen, and Enter there opens a device (never sends)', () => {
    const zero = BINDINGS.filter((b) => b.keys.includes('0'));
    expect(zero.map((b) => [b.scope, b.command])).toEqual([['global', 'screen.fleet']]);
    const enter = BINDINGS.find((b) => b.scope === 'fleet' && b.keys.includes('enter'));
    expect(enter?.meaning).toBe('open');
    expect(enter?.write).toBeUndefined();
  });
});
