/**
 * The keymap's dialog layer of a screen, as the frame hands it to the screen
 * (ScreenProps.keys.command): the editors' reducer tests press keys through the real table.
 */
import { dialogCommand } from '../../src/tui/dispatch.js';

export const editorCommands =
  (scope: string) =>
  (key: string): string | undefined =>
    dialogCommand(key, scope);
