/**
 * State with an always-current copy. Keys can arrive faster than React renders (a paste, a
 * fast typist over SSH): key handlers read the ref, never a render's closure.
 */
import { useRef, useState } from 'react';

export function useLive<T>(initial: T): [T, (v: T) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const live = useRef(initial);
  const set = (v: T) => {
    live.current = v;
    setValue(v);
  };
  return [value, set, live];
}
