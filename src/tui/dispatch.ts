/**
 * Key → command → handler. The active layers are given top first (a dialog, then the screen,
 * then the app). The key is resolved to a command by the topmost layer whose keymap scope
 * binds it — so a dialog's binding beats the screen's, the screen's beats the app's — and the
 * command runs in the topmost layer that registered a handler under its name (a screen may
 * take over a global command, e.g. `app.cancel` closing its detail view, or `nav.down`).
 */
import type { CommandHandlers } from '../screens/commands.js';
import type { KeyLayer } from '../screens/types.js';
import { BINDINGS } from './keymap.js';

/** What the dispatcher reads of a binding (a dialog's scope may be any name). */
export interface Bound {
  command: string;
  keys: readonly string[];
  scope: string;
  within?: string;
}

export interface Layer {
  /** The keymap scope whose bindings this layer resolves ('global' for the app). */
  scope: string;
  /** A dialog of the scope (its bindings' `within`); none for the screen itself. */
  within?: string;
  /** What the layer does per command now; null when it registered none. */
  handlers: CommandHandlers | null;
}

export type Dispatched =
  /** An open layer above the keymap (a confirmation, a form, an editor) read the key. */
  | { kind: 'read' }
  | { kind: 'unbound' }
  /** The key is bound to `command`, but no active layer handles it now: nothing happens. */
  | { kind: 'unhandled'; command: string }
  | { kind: 'ran'; command: string };

/** The command `key` is bound to in the topmost layer that binds it. */
export function resolveKey(
  key: string,
  layers: readonly Layer[],
  bindings: readonly Bound[] = BINDINGS,
): string | undefined {
  for (const layer of layers) {
    const b = bindings.find(
      (x) => x.scope === layer.scope && x.within === layer.within && x.keys.includes(key),
    );
    if (b) return b.command;
  }
  return undefined;
}

/**
 * The layers of a dialog open on screen `scope` (an editor, a confirmation), top first: its
 * own `within: 'editor'` bindings, then those every dialog shares (`confirm.revert`).
 */
export function dialogLayers(scope: string): Layer[] {
  return [
    { scope, within: 'editor', handlers: null },
    { scope: 'global', within: 'editor', handlers: null },
  ];
}

/**
 * The command `key` is bound to in a dialog open on `scope`: what the rule and group editors
 * and the confirmations act on. The frame hands it to the screen with the raw keys
 * (`ScreenProps.keys.command`, use-screen.ts); undefined for a key the layer leaves to text.
 */
export function dialogCommand(
  key: string,
  scope: string,
  bindings: readonly Bound[] = BINDINGS,
): string | undefined {
  return resolveKey(key, dialogLayers(scope), bindings);
}

export function dispatchKey(
  key: string,
  layers: readonly Layer[],
  bindings: readonly Bound[] = BINDINGS,
): Dispatched {
  const command = resolveKey(key, layers, bindings);
  if (command === undefined) return { kind: 'unbound' };
  for (const layer of layers) {
    const run = layer.handlers?.[command];
    if (run) {
      run();
      return { kind: 'ran', command };
    }
  }
  return { kind: 'unhandled', command };
}

/**
 * Commands a layer registered that no binding of its scope (or the global one) names: a
 * handler no key can reach, or a key handled outside the table. Development checks and the
 * tests report them.
 */
export function strayCommands(
  scope: string,
  commands: Iterable<string>,
  bindings: readonly Bound[] = BINDINGS,
): string[] {
  return [...commands].filter(
    (c) => !bindings.some((b) => b.command === c && (b.scope === scope || b.scope === 'global')),
  );
}

/** The topmost open layer of `above` (a screen's confirmation, form, editor), if any. */
export function openLayer(above: readonly KeyLayer[]): KeyLayer | undefined {
  return above.find((l) => l.open());
}

/**
 * The one route of a key: the topmost open layer above the keymap reads it (dialog ›
 * editor); what it leaves, or every key while none is open, is resolved through the keymap's
 * layers (screen › app) and run by the topmost handler.
 */
export function routeKey(
  key: string,
  above: readonly KeyLayer[],
  layers: readonly Layer[],
  bindings: readonly Bound[] = BINDINGS,
): Dispatched {
  if (openLayer(above)?.key(key)) return { kind: 'read' };
  return dispatchKey(key, layers, bindings);
}
