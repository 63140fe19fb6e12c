/** The element tree of the console: the store's provider around the app frame. */
import type { ConsoleContextValue } from '../store/react.js';
import { ConsoleProvider } from '../store/react.js';
import { App } from './app.js';
import type { ScreenId } from './keymap.js';

export function consoleTree(value: ConsoleContextValue, initialScreen?: ScreenId) {
  return (
    <ConsoleProvider value={value}>
      <App {...(initialScreen ? { initialScreen } : {})} />
    </ConsoleProvider>
  );
}
