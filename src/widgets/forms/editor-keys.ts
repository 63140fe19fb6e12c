/**
 * How the editor forms (rules, groups) read their keys: each key as the verb the keymap binds
 * it to. What a verb does is the one form engine's (`form-engine.ts` formStep).
 *
 * Which key does what is the keymap's editor layer (`within: 'editor'` bindings of
 * src/tui/keymap.ts): the frame resolves each key there (src/tui/dispatch.ts `dialogCommand`)
 * and hands the screens the resolver (`ScreenProps.keys.command`, and the same function as the
 * dialogs' context, src/screens/dialog-keys.ts), so a key changed in the
 * table changes what the editor does. Keys the layer does not bind are text.
 */
export type { FormEvent, FormStep } from './form-engine.js';

/**
 * The editor layer of the keymap, as an editor reads it: the command a key is bound to
 * (`rules.editor.apply`), undefined for a key it leaves to the text.
 */
export type EditorCommands = (key: string) => string | undefined;

/** What a key does in an editor: its command without the `<screen>.editor.` prefix ('apply'). */
export function editorVerb(commands: EditorCommands, key: string): string | undefined {
  const command = commands(key);
  return command === undefined ? undefined : /^[a-z]+\.editor\.(.+)$/.exec(command)?.[1];
}

/** The commands every editor handles (the engine's), as `<screen>.editor.<verb>` in the keymap. */
export const COMMON_VERBS = ['apply', 'cancel', 'next', 'prev', 'complete'] as const;
