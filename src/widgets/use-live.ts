/**
 * State with an always-current copy. Keys can arrive faster than React renders (a paste, a
 * fast typist over SSH, keys read together): key handlers read the ref, never a render's
 * closure. The one such helper: the frame (src/tui) and the screens both use it.
 */
import { useCallback, useRef, useState } from 'react';

export function useLive<T>(initial: T | (() => T)): [T, (v: T) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const live = useRef(value);
  // the same function on every render (handlers that list it as a dependency stay stable)
  const set = useCallback((v: T) => {
    live.current = v;
    setValue(() => v);
  }, []);
  return [value, set, live];
}
