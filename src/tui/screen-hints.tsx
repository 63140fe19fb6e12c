/**
 * What the status bar's hints are made of: the commands the screen handled at its last commit
 * and whether a form of it reads the keys. The screen reports them from a layout effect
 * (src/screens/commands.ts) so that the hints are drawn in the same frame as the view; kept
 * here, outside the app's state, that report re-renders the status bar alone, not the whole
 * console (at the first frame that second render of every screen, header and widget was
 * ~4 ms before the frame could be drawn: docs/performance.md).
 */
import { useSyncExternalStore } from 'react';
import { StatusBar } from '../widgets/index.js';
import { statusHints } from './hints.js';
import type { ScreenId } from './keymap.js';

export interface ScreenHints {
  readonly active: readonly string[];
  readonly reading: boolean;
}

export interface ScreenHintsFeed {
  get(): ScreenHints;
  set(next: ScreenHints): void;
  subscribe(listener: () => void): () => void;
}

export function createScreenHints(): ScreenHintsFeed {
  let value: ScreenHints = { active: [], reading: false };
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The status bar, its hints those of the screen's last commit. */
export function ScreenStatusBar(props: {
  hints: ScreenHintsFeed;
  screen: ScreenId;
  readonly: boolean;
  width: number;
  error: string | undefined;
  info: string | undefined;
}) {
  const { active, reading } = useSyncExternalStore(props.hints.subscribe, props.hints.get);
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
