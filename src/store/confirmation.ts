/**
 * The confirmation on screen, in the console's state: its title and the requests it sends,
 * each as its operation describes itself (`describe()`), and the operator's answer. The one
 * confirm widget of the screens sets it; whatever watches the console (the enumeration test of
 * test/screens/confirm-walk*.test.tsx) reads from it what was asked before a write was sent.
 */
import type { ConsoleStore, ShownConfirmation } from './store.js';

export type { ShownConfirmation } from './store.js';

let opened = 0;

/** Puts a confirmation on record as shown; its id answers it. */
export function showConfirmation(
  store: ConsoleStore | undefined,
  c: Omit<ShownConfirmation, 'id' | 'answer'>,
): number {
  const id = ++opened;
  store?.setState({ confirmation: { ...c, id } });
  return id;
}

/** The operator answered (yes: what it sends goes now); the record is then cleared. */
export function answerConfirmation(store: ConsoleStore | undefined, id: number, yes: boolean) {
  const c = store?.getState().confirmation;
  if (!store || c?.id !== id) return;
  store.setState({ confirmation: { ...c, answer: yes ? 'yes' : 'no' } });
  store.setState({ confirmation: undefined });
}

/** The confirmation closed without an answer (replaced, or the screen left). */
export function dropConfirmation(store: ConsoleStore | undefined, id: number) {
  if (store?.getState().confirmation?.id === id) store.setState({ confirmation: undefined });
}
