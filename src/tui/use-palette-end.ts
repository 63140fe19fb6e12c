/**
 * What the `:` palette does on Tab (complete names, reading them from the device once when
 * the screen that lists them was not visited) and on Enter (run the command: switch, show an
 * item, filter, connect, apply a file), and what closes it.
 */
import type { CommandHandlers } from '../screens/commands.js';
import { requestApply } from '../screens/journal/apply.js';
import { useConsole } from '../store/react.js';
import { deviceNames, namesToRead } from './device-names.js';
import { paletteCompletions, runPaletteCommand } from './palette.js';
import type { AppParts } from './use-app-actions.js';
import { useConnect } from './use-connect.js';
import type { PromptEnd } from './use-prompt.js';

export function usePaletteEnd(p: AppParts, app: CommandHandlers): PromptEnd {
  const { poller, store } = useConsole();
  const connect = useConnect(p.setReply, p.setNotice);
  const { screens, prompt } = p;
  return {
    close: () => p.setOverlay('none'),
    complete: (typed) => {
      const found = paletteCompletions(typed, deviceNames(store.getState()));
      // names of a screen not visited yet are not in the store: read them for the next Tab
      const kind = namesToRead(typed, store.getState());
      if (found.length === 0 && kind) {
        void poller.refreshNow(kind);
        p.setNotice('reading the names from the device… Tab again');
      }
      return found;
    },
    run: (typed) => {
      const result = runPaletteCommand(typed, {
        go: screens.go,
        run: (command) => app[command]?.(),
        ...(connect ? { connect } : {}),
        show: (id, item) => {
          // what the screen's filter hides could not be selected
          prompt.setFilter(id, '');
          screens.show(id, item);
        },
        filter: (id, text) => {
          prompt.setFilter(id, text);
          screens.go(id);
        },
        apply: (file) => {
          requestApply(file);
          screens.go('journal');
        },
      });
      if (result) p.setReply({ text: result, failed: true });
    },
  };
}
