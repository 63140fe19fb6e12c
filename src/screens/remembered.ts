/**
 * State a screen keeps across screen switches (k9s and htop keep a view's sort): the screen
 * unmounts when another is shown, so its useState would start over. Kept per console (the
 * `owner`: one device's console), so another device or a new console starts from `initial`.
 */
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';

const kept = new WeakMap<object, Map<string, unknown>>();

export function useRemembered<T>(
  owner: object,
  key: string,
  initial: T,
): [T, Dispatch<SetStateAction<T>>] {
  let memory = kept.get(owner);
  if (memory === undefined) {
    memory = new Map();
    kept.set(owner, memory);
  }
  const [value, setValue] = useState<T>(() => (memory.has(key) ? (memory.get(key) as T) : initial));
  useEffect(() => {
    memory.set(key, value);
  }, [memory, key, value]);
  return [value, setValue];
}
