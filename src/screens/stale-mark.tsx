/**
 * `◌ stale 23s` after figures older than their poll interval (src/store/freshness.ts): words,
 * not colour alone. Its own component, so that only this text re-renders while the age counts
 * up, not the screen around it.
 */

import { useStaleAge } from '../store/react.js';
import type { ResourceKey } from '../store/resources.js';
import { Text } from '../widgets/index.js';

export function StaleMark(props: { from: readonly ResourceKey[]; label?: string }) {
  const age = useStaleAge(props.from);
  if (age === null) return null;
  return <Text color="yellow">{` ◌ ${props.label ?? 'stale'} ${Math.round(age / 1000)}s`}</Text>;
}
