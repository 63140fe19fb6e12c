/** The contexts of `--fleet NAME` (config.ts `fleets`), after the usage checks. */
import { UsageError } from '../model/errors.js';
import type { GlobalOptions } from './context.js';

export async function fleetMembers(g: GlobalOptions): Promise<string[]> {
  if (g.context !== undefined || g.url !== undefined)
    throw new UsageError(
      `--fleet ${g.fleet} runs on the fleet's own contexts: drop ${g.context !== undefined ? '--context' : '--url'}`,
    );
  if (g.demo) throw new UsageError('--fleet and --demo do not go together');
  const { loadFleet } = await import('../config/config.js');
  return (await loadFleet(g.fleet as string)).map((c) => c.name);
}
