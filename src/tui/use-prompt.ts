/**
 * The input line above the status bar: the `:` palette and the `/` filter. This is text
 * entry, not command dispatch: every key typed goes to the line until Enter or Esc.
 */
import { useRef } from 'react';
import { useLive } from '../widgets/use-live.js';
import type { ScreenId } from './keymap.js';
import { paletteCommands } from './palette.js';

export type PromptMode = 'palette' | 'filter';

export interface PromptEnd {
  /** Enter in the palette: run what was typed. */
  run(typed: string): void;
  close(): void;
  /** What Tab completes the palette's text to (names from the device after `port `, …). */
  complete?(typed: string): string[];
}

export function usePrompt() {
  const [input, setInput, liveInput] = useLive('');
  // `?` in the empty palette lists the palette's commands above it
  const [help, setHelp, liveHelp] = useLive(false);
  const [filters, setFilters, liveFilters] = useLive<Partial<Record<ScreenId, string>>>({});
  // the filter reopened with its text: the first character typed replaces it (as selected
  // text would), so retyping it does not double it; Backspace or Ctrl-U edit it instead
  const kept = useRef(false);
  const setFilter = (id: ScreenId, v: string) => setFilters({ ...liveFilters.current, [id]: v });
  return {
    input,
    help,
    filters,
    filterOf: (id: ScreenId) => liveFilters.current[id] ?? '',
    setFilter,
    /** Opens the line: empty for the palette, the screen's filter for the filter. */
    start(mode: PromptMode, screen: ScreenId) {
      setHelp(false);
      const text = mode === 'filter' ? (liveFilters.current[screen] ?? '') : '';
      kept.current = text !== '';
      setInput(text);
    },
    /** `text` is set when the key is printable text (one character, or a pasted run). */
    handleKey(
      mode: PromptMode,
      key: string,
      text: string | null,
      screen: ScreenId,
      end: PromptEnd,
    ) {
      const replace = kept.current && text !== null;
      if (key !== 'tab') kept.current = false;
      const typed = replace ? '' : liveInput.current;
      if (key === 'escape') {
        if (mode === 'filter') setFilter(screen, '');
        return end.close();
      }
      if (key === 'enter') {
        end.close();
        if (mode === 'palette') end.run(typed);
        return;
      }
      if (key === 'tab' && mode === 'palette') {
        const matches =
          end.complete?.(typed) ?? paletteCommands().filter((c) => c.startsWith(typed.trim()));
        if (matches.length > 0) setInput(commonPrefix(matches));
        return;
      }
      if (key === '?' && mode === 'palette' && typed === '') {
        setHelp(!liveHelp.current);
        return;
      }
      if (key === 'ctrl+u') {
        setInput('');
        if (mode === 'filter') setFilter(screen, '');
        return;
      }
      const next = key === 'backspace' ? typed.slice(0, -1) : text !== null ? typed + text : typed;
      setInput(next);
      if (mode === 'filter') setFilter(screen, next);
    },
  };
}

function commonPrefix(words: string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}
