/**
 * What a change needs to be reverted (see revert/recipe.ts, which takes it). Its own file so
 * the executor (execute.ts) can name it without importing the revert folder, which imports
 * the executor.
 */
import type { Client, SavePointKind } from '../api/index.js';
import type { Operation } from './operation.js';

export type RevertPlan =
  | { kind: 'savepoint'; of: SavePointKind }
  | { kind: 'requests'; capture: (client: Client) => Promise<Operation[]> }
  | { kind: 'several'; parts: Exclude<RevertPlan, { kind: 'none' }>[] }
  | { kind: 'none'; why: string };
