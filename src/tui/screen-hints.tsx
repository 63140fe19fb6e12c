/**
 * What the status bar's hints are made of: the commands the screen handled at its last commit
 * and whether a form of it reads the keys. The screen reports them from a layout effect
 * (src/screens/commands.ts) so that the hints are drawn in the same frame as the view; kept
 * here, outside the app's state, that report re-renders the status bar alone, not the whole
 * console (at the first frame that second render of every screen, header and widget was
 * ~4 ms before the frame could be drawn: docs/performance.md).
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { StatusBar } from '../widgets/index.js';
import { statusHints } from './hints.js';
import type { ScreenId } from './keymap.js';

export interface ScreenHints {
  readonly active: readonly string[];
  readonly reading: boolean;
}

export type ScreenHintsStore = StoreApi<ScreenHints>;

export const createScreenHints = (): ScreenHintsStore =>
  createStore<ScreenHints>(() => ({ active: [], reading: false }));

/** The status bar, its hints those of the screen's last commit. */
export function ScreenStatusBar(props: {
  hints: ScreenHintsStore;
  screen: ScreenId;
  readonly: boolean;
  width: number;
  error: string | undefined;
  info: string | undefined;
}) {
  const { active, reading } = useStore(props.hints);
  const { error, info } = props;
  return (
    <StatusBar
      width={props.width}
      hints={statusHints(props.screen, active, props.readonly, reading)}
      {...(error ? { error } : {})}
      {...(info ? { info } : {})}
    />
  );
}
