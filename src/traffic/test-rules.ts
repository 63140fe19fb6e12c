/** Test helper of the traffic model's tests: a rule with a measured rate, in one line. */
import type { RatedRule } from './load.js';

export const ratedRule = (
  name: string,
  priority: number,
  match: Record<string, string>,
  actions: string[],
  bps: number | null,
): RatedRule => ({ name, priority, match, actions, datarate_raw: bps });
