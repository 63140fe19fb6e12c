/**
 * Keys read together (typed ahead over a slow link, a busy moment, a paste) are handled one at
 * a time, each after the render that shows the previous one's result — so every key sees the
 * screen as the operator would have seen it had the keys come one by one: the list position
 * after a move, the screen after a switch, the form after a character. A key that comes while
 * no earlier key waits for its render is handled at once.
 *
 * Ctrl-C anywhere in a read quits at once: the keys queued and read with it are dropped.
 *
 * The clock counts reads; a confirmation takes only keys read after it was drawn
 * (src/screens/key-clock.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyClock } from '../screens/key-clock.js';
import { type ConsoleKey, consoleKeys, type InkKey } from './keys.js';

interface Queued extends ConsoleKey {
  read: number;
}

/** The queues of the consoles mounted in this process (one, except in tests). */
const queues = new Set<{ current: unknown[] }>();

/**
 * Keys read but not handled yet, over every mounted console: 0 once each key read so far has
 * been handled (its handler ran). Tests wait for it before checking what a key did not do.
 */
export function keysQueued(): number {
  let n = 0;
  for (const q of queues) n += q.current.length;
  return n;
}

export function useKeyQueue(
  onKey: (name: string, text: string | null) => void,
  onInterrupt: () => void,
): {
  clock: KeyClock;
  handler: (input: string, key: InkKey) => void;
} {
  const clock = useRef<KeyClock>({ reads: 0, keyRead: 0 }).current;
  const queue = useRef<Queued[]>([]);
  // a key was handled and more are queued: the next waits for the render
  const waiting = useRef(false);
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  const onInterruptRef = useRef(onInterrupt);
  onInterruptRef.current = onInterrupt;
  const [, setTurn] = useState(0);
  useEffect(() => {
    queues.add(queue);
    return () => {
      queues.delete(queue);
    };
  }, []);

  const next = useCallback(() => {
    const k = queue.current.shift();
    waiting.current = false;
    if (!k) return;
    clock.keyRead = k.read;
    onKeyRef.current(k.name, k.text);
    // the next key waits for the render of this one's result — also one read a moment later
    // (↓ then e over SSH, each its own read, faster than a render): without the wait, e
    // would act on the row drawn before ↓ moved the selection
    waiting.current = true;
    setTurn((n) => n + 1);
  }, [clock]);

  // Ink draws in the commit, before layout effects: the next key comes after that frame.
  useLayoutEffect(() => {
    if (!waiting.current) return;
    const t = setImmediate(next);
    return () => clearImmediate(t);
  });

  // One stable handler: Ink re-subscribes useInput whenever the handler changes.
  const handler = useCallback(
    (input: string, key: InkKey) => {
      clock.reads++;
      const keys = consoleKeys(input, key);
      // Ctrl-C read together with keys before it (typed ahead over SSH, a busy moment): Ink
      // quits only on a read that is Ctrl-C alone. It quits here, before any queued key.
      if (keys.some((k) => k.name === 'ctrl+c')) {
        queue.current = [];
        onInterruptRef.current();
        return;
      }
      for (const k of keys) queue.current.push({ ...k, read: clock.reads });
      if (!waiting.current) next();
    },
    [clock, next],
  );
  return { clock, handler };
}
